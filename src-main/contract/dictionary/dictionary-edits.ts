/**
 * Changes to a zone's dictionary, as pure functions the agent applies: what a read inferred
 * (never over a person's choice or a lesson), a person's choice or reset, and the part a team
 * shares (chosen and learned; inferences are made again from each machine's own reads).
 * Every map here is built from checked keys only (isFieldKey, KIND_NAME).
 */
import {
  KIND_NAME,
  MAX_KINDS,
  READ_ROLES,
  samePath,
  type FieldEntry,
  type FieldPath,
  type KindEntry,
  type ReadRole,
  type ZoneDictionary,
} from './dictionary-types';

export const EMPTY_DICTIONARY: ZoneDictionary = { kinds: {} };

const held = (e: FieldEntry | undefined): e is FieldEntry => !!e && e.from !== 'inferred';

function withKind(dict: ZoneDictionary, kind: string, entry: KindEntry | undefined): ZoneDictionary {
  const kinds: Record<string, KindEntry> = {};
  for (const [k, v] of Object.entries(dict.kinds)) if (k !== kind) kinds[k] = v;
  if (entry && KIND_NAME.test(kind)) kinds[kind] = entry;
  const names = Object.keys(kinds);
  // The oldest kinds give way first: a dictionary never grows past MAX_KINDS.
  for (const k of names.slice(0, Math.max(0, names.length - MAX_KINDS))) delete kinds[k];
  return { kinds };
}

function sameEntry(a: KindEntry | undefined, b: KindEntry): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b);
}

/**
 * What a read of `kind` found: its inferred roles, unsure roles and fields, under the entries a
 * person chose or a refusal taught (those stay). Undefined when nothing changes (no write).
 */
export function noteRead(dict: ZoneDictionary, kind: string, seen: KindEntry): ZoneDictionary | undefined {
  const before = dict.kinds[kind];
  const read: Partial<Record<ReadRole, FieldEntry>> = {};
  const unsure: Partial<Record<ReadRole, FieldPath[]>> = {};
  for (const role of READ_ROLES) {
    const kept = before?.read[role];
    const got = seen.read[role];
    if (held(kept)) read[role] = kept;
    else if (got) read[role] = { path: got.path, from: 'inferred' };
    else if (seen.unsure?.[role]) unsure[role] = seen.unsure[role]!;
  }
  const next: KindEntry = {
    read,
    ...(Object.keys(unsure).length ? { unsure } : {}),
    ...(seen.fields?.length ? { fields: seen.fields } : before?.fields ? { fields: before.fields } : {}),
  };
  return sameEntry(before, next) ? undefined : withKind(dict, kind, next);
}

/** A person's choice of the field for a role (null: forget the choice, infer again). */
export function chooseField(
  dict: ZoneDictionary,
  kind: string,
  role: ReadRole,
  path: FieldPath | null,
  from: 'chosen' | 'learned' = 'chosen',
): ZoneDictionary {
  const before = dict.kinds[kind] ?? { read: {} };
  const read: Partial<Record<ReadRole, FieldEntry>> = {};
  for (const r of READ_ROLES) {
    const e = before.read[r];
    // A field is one role's: choosing it for this role takes it from another.
    if (r !== role && e && !(path && samePath(e.path, path))) read[r] = e;
  }
  if (path) read[role] = { path, from };
  const unsure = Object.fromEntries(
    Object.entries(before.unsure ?? {}).filter(([r]) => r !== role),
  ) as KindEntry['unsure'];
  return withKind(dict, kind, {
    read,
    ...(unsure && Object.keys(unsure).length ? { unsure } : {}),
    ...(before.fields ? { fields: before.fields } : {}),
  });
}

/** Forgets one kind's entries, or every kind's: the next reads infer afresh. */
export function resetDictionary(dict: ZoneDictionary, kind?: string): ZoneDictionary {
  return kind ? withKind(dict, kind, undefined) : EMPTY_DICTIONARY;
}

/** The part a zones file carries: what people chose and what refusals taught, never inferences. */
export function sharedPart(dict: ZoneDictionary | undefined): ZoneDictionary | undefined {
  if (!dict) return undefined;
  const kinds: Record<string, KindEntry> = {};
  for (const [kind, entry] of Object.entries(dict.kinds)) {
    const read = Object.fromEntries(Object.entries(entry.read).filter(([, e]) => held(e)));
    if (Object.keys(read).length) kinds[kind] = { read };
  }
  return Object.keys(kinds).length ? { kinds } : undefined;
}

/** An imported dictionary's shared entries over this machine's own (theirs win: a team fixed the zone). */
export function mergeShared(mine: ZoneDictionary | undefined, theirs: ZoneDictionary): ZoneDictionary {
  let out = mine ?? EMPTY_DICTIONARY;
  for (const [kind, entry] of Object.entries(theirs.kinds))
    for (const role of READ_ROLES) {
      const e = entry.read[role];
      if (held(e)) out = chooseField(out, kind, role, e.path, e.from === 'learned' ? 'learned' : 'chosen');
    }
  return out;
}
