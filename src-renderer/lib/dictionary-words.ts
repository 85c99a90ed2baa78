/**
 * The words of the zone's dictionary on screen: the sentence above a list whose rows lack a field,
 * where each field came from, and the choices a person picks a field from (each with its value in
 * a real record of the zone, as text). Pure: the notice, the choose dialog and the zone's section
 * all word it here.
 */
import {
  isFieldPath,
  pathsOfText,
  pathText,
  valueAt,
  ROLE_WORDS,
  type FieldPath,
  type KindEntry,
  type Provenance,
  type ReadRole,
} from '@contract/dictionary/dictionary-types';
import { KIND_WORDS, type RecordKind } from '@contract/dictionary/record-kinds';
import { recordFields } from '@contract/dictionary/field-stats';

/** Fields named in the sentence; the rest are counted ("… and 8 more"). */
const NAMED_FIELDS = 12;
/** A value beside a choice is cut to this many characters. */
const VALUE_CHARS = 40;

export const PROVENANCE_WORDS: Readonly<Record<Provenance, string>> = {
  inferred: 'inferred',
  learned: 'learned',
  chosen: 'chosen by you',
};

export function kindWords(kind: string): string {
  return Object.hasOwn(KIND_WORDS, kind) ? KIND_WORDS[kind as RecordKind] : kind.replaceAll('_', ' ');
}

/** "name", "name or state", "name, state or creation time". */
function either(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
}

function fieldsText(fields: readonly string[]): string {
  if (fields.length === 0) return 'none';
  const named = fields.slice(0, NAMED_FIELDS).join(', ');
  return fields.length > NAMED_FIELDS ? `${named} and ${fields.length - NAMED_FIELDS} more` : named;
}

/**
 * "This zone's containers have no field Zonedeck reads as their name; their fields are: a, b, c."
 * Two roles missing: "… as their name or state; …".
 */
export function readGapSentence(kind: string, roles: readonly ReadRole[], fields: readonly string[]): string {
  const what = either(roles.map((r) => ROLE_WORDS[r]));
  return `This zone’s ${kindWords(kind)} have no field Zonedeck reads as their ${what}; their fields are: ${fieldsText(fields)}.`;
}

/** A value as one short line of text (never markup): strings as they are, the rest as JSON. */
export function valueText(v: unknown, max = VALUE_CHARS): string {
  let text: string;
  if (v === undefined) text = '';
  else if (typeof v === 'string') text = v;
  else {
    try {
      text = JSON.stringify(v) ?? String(v);
    } catch {
      text = String(v);
    }
  }
  text = text.replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The path a listed field names (`Tags[Key=Name].Value` is a tag list's entry). A key may itself
 * hold a dot, so `a.b` is the key `a.b` when the record has it, else `a` → `b` (where the record
 * has that), else split at the first dot.
 */
export function pathOf(text: string, sample: unknown): FieldPath | null {
  const valid = pathsOfText(text);
  return valid.find((p) => valueAt(sample, p) !== undefined) ?? valid[1] ?? valid[0] ?? null;
}

/**
 * The fields to list for a kind: those its records were seen to carry, then any other the record
 * at hand has (its tags among them: a list read before tags were read lists none), each once.
 */
export function fieldsWith(fields: readonly string[], sample: unknown): string[] {
  return [...new Set([...fields, ...recordFields(sample)])];
}

export interface FieldChoice {
  /** The path as shown and as the select's value. */
  text: string;
  path: FieldPath;
  /** Its value in the record shown, as text ('' without a record). */
  value: string;
  /** One of the fields that tied for this role. */
  tied: boolean;
}

/**
 * The fields a person may pick for `role`: those that tied for it first, then the field read now,
 * then every field the records carry and the record shown holds, each once, each with its value in
 * `sample`.
 */
export function fieldChoices(
  entry: KindEntry | undefined,
  fields: readonly string[],
  role: ReadRole,
  sample: unknown,
): FieldChoice[] {
  const out = new Map<string, FieldChoice>();
  const add = (path: FieldPath | null, tied: boolean) => {
    if (!path || !isFieldPath(path)) return;
    const text = pathText(path);
    if (!out.has(text)) out.set(text, { text, path, value: valueText(valueAt(sample, path)), tied });
  };
  for (const p of entry?.unsure?.[role] ?? []) add(p, true);
  add(entry?.read[role]?.path ?? null, false);
  for (const f of fieldsWith(fields, sample)) add(pathOf(f, sample), false);
  return [...out.values()];
}
