/**
 * The names of one record kind's fields, and how a write chooses among them. The spec leaves most
 * payloads "not shown", so a field is known by its role and the names zones use for it; a reader
 * takes the first name the record has, a writer uses the name the zone's own record (or its other
 * records of that kind) used, else the default, and tells the agent the role so a refusal that
 * names another field can be tried once and remembered (contract/zone-words.ts).
 * Only modules in a shapes/ folder (each feature's) name zone fields; stores and views go through them.
 */
import type { WordChoice } from '@contract/zone-words';
import { isRecord, type Raw } from '@contract/tolerant';
import type { FieldPath } from '@contract/dictionary/dictionary-types';
import { valueAt } from '@contract/dictionary/kind-reader';
import { inferredPath, withoutMisfits } from './words-by-value';

/** A field: what it means and the names zones give it, the default first. */
export interface FieldWords {
  readonly role: string;
  readonly names: readonly string[];
  /** The spec fixes its name: sent under it as written, it is never renamed on a refusal naming another field. */
  readonly fixed?: true;
}

export function field(role: string, ...names: [string, ...string[]]): FieldWords {
  return { role, names };
}

/** A field whose name the spec fixes (a chat's `mode`, a workspace's `new_repo`). */
export function fixedField(role: string, name: string): FieldWords {
  return { role, names: [name], fixed: true };
}

/** The name `rec` holds this field under, if any (present with any value but undefined). */
export function nameIn(rec: unknown, f: FieldWords): string | undefined {
  if (!isRecord(rec)) return undefined;
  return f.names.find((n) => rec[n] !== undefined);
}

/** The field's value in `rec` under whichever of its names the record uses, at its top or nested (pathIn). */
export function valueIn(rec: unknown, f: FieldWords): unknown {
  const n = nameIn(rec, f);
  if (n !== undefined) return (rec as Raw)[n];
  const p = pathIn(rec, f);
  return p ? valueAt(rec, p) : undefined;
}

/**
 * Where `rec` holds the field: one of its names at the top; else a name written in another case
 * style (`draftSpec`, `DraftSpec` for `draft_spec`); else the same inside a nested record that
 * holds a record's own fields (`metadata`, `attributes`, `spec`, `properties`: STYLE.md's "look
 * into nested records"). The zone's own structure, read off its record, not a list of its names.
 */
export function pathIn(rec: unknown, f: FieldWords, home?: string): FieldPath | undefined {
  if (!isRecord(rec)) return undefined;
  const top = nameIn(rec, f) ?? styledKey(rec, f);
  // `home` (a `spec` holding the record's fields) is where to look, not the field itself.
  if (top !== undefined && top !== home) return [top];
  return nestedIn(rec, f);
}

/** Where a nested record of `rec` (`spec`, `attributes`…) holds the field, if one does. */
function nestedIn(rec: Raw, f: FieldWords): FieldPath | undefined {
  for (const box of NESTS) {
    const inner = rec[box];
    if (!isRecord(inner)) continue;
    const k = nameIn(inner, f) ?? styledKey(inner, f);
    if (k !== undefined) return [box, k];
  }
  return undefined;
}

/** The name this zone uses for the field: the first record of `like` that holds it, else undefined. */
export function zoneNameFor(f: FieldWords, like: unknown): string | undefined {
  for (const rec of Array.isArray(like) ? like : [like]) {
    const n = nameIn(rec, f);
    if (n) return n;
  }
  return undefined;
}

/** Nested records that hold a record's own fields in common API styles. */
const NESTS = ['metadata', 'attributes', 'spec', 'properties'] as const;

const flat = (k: string) => k.replace(/[-_]/g, '').toLowerCase();

/** A key of `rec` that is one of the field's names in another letter-case style. */
function styledKey(rec: Raw, f: FieldWords): string | undefined {
  const wanted = new Set(f.names.map(flat));
  return Object.keys(rec).find((k) => rec[k] !== undefined && wanted.has(flat(k)));
}

type KeyStyle = 'snake' | 'camel' | 'pascal';

/** How the zone writes its keys, read off its records' own keys (snake_case unless they say otherwise). */
function keyStyleOf(records: readonly Raw[]): KeyStyle {
  let camel = 0;
  let pascal = 0;
  let snake = 0;
  for (const rec of records.slice(0, 5))
    for (const k of Object.keys(rec)) {
      if (/_/.test(k)) snake++;
      else if (/^[A-Z][a-z]+[A-Z]/.test(k)) pascal++;
      else if (/^[a-z]+[A-Z]/.test(k)) camel++;
    }
  if (pascal > camel && pascal > snake) return 'pascal';
  return camel > snake ? 'camel' : 'snake';
}

function styled(name: string, style: KeyStyle): string {
  if (style === 'snake' || !/_/.test(name)) return style === 'pascal' ? name[0]!.toUpperCase() + name.slice(1) : name;
  const camel = name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  return style === 'pascal' ? camel[0]!.toUpperCase() + camel.slice(1) : camel;
}

/** The nested record most of the zone's fields live in (a Kubernetes `spec`, a JSON:API `attributes`), if any. */
function homeOf(records: readonly Raw[]): string | undefined {
  const rec = records[0];
  if (!rec) return undefined;
  let best: [string, number] | undefined;
  for (const box of ['attributes', 'spec', 'properties']) {
    const inner = rec[box];
    if (isRecord(inner) && Object.keys(inner).length > (best?.[1] ?? 2)) best = [box, Object.keys(inner).length];
  }
  return best?.[0];
}

/**
 * Writes `value` at `path` in `values`: a key, a nested record's key, or a tag list's entry — in
 * its place, the list's other tags kept (those of `base`, the record being updated, when the
 * values hold no list yet: a zone may replace the whole list).
 */
function setAt(values: Raw, path: FieldPath, value: unknown, base?: unknown): void {
  let box = values;
  let from = isRecord(base) ? base : undefined;
  path.forEach((step, i) => {
    const end = i === path.length - 1;
    if (typeof step === 'string') {
      if (end) box[step] = value;
      else {
        box = box[step] = isRecord(box[step]) ? { ...(box[step] as Raw) } : {};
        from = isRecord(from?.[step]) ? (from[step] as Raw) : undefined;
      }
      return;
    }
    const had = box[step.list] ?? from?.[step.list];
    const list = Array.isArray(had) ? (had as unknown[]) : [];
    const entry: Raw = { [step.key]: step.match, [step.value]: end ? value : {} };
    const at = list.findIndex((e) => isRecord(e) && e[step.key] === step.match);
    box[step.list] = at < 0 ? [...list, entry] : list.map((e, j) => (j === at ? entry : e));
    if (!end) box = entry[step.value] as Raw;
  });
}

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PROTO = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A name the zone taught as a nested field (`spec.content`, `data.attributes.path`: the agent learns
 * a refusal's dotted or pointer path so) as its path: 2 to 4 identifiers; any other name is one key.
 */
export function nestedPath(name: string): FieldPath | undefined {
  const parts = name.split('.');
  return parts.length > 1 && parts.length <= 4 && parts.every((p) => SEGMENT.test(p) && !PROTO.has(p))
    ? parts
    : undefined;
}

export interface Worded {
  /** The fields under the names chosen. */
  values: Raw;
  /** For the agent: each field's role, other names, and whether the name came from the zone's record. */
  words: Record<string, WordChoice>;
}

/**
 * Fields to send (a body or a query), each under the name the zone's record(s) `like` use, else
 * its default; a value of undefined is left out. `like` is the record being updated, or the zone's
 * other records of that kind for a create. A body is written as the records are: a field where
 * they hold it (nested too), a new one in their key style and in the nested record their fields
 * live in; records that are JSON:API resource objects (`type` + `attributes`) are written as one
 * inside `data`, as that style reads. A field the agent may rename (a top-level one) carries its role.
 */
export function worded(
  fields: ReadonlyArray<readonly [FieldWords, unknown]>,
  like?: unknown,
  place: 'body' | 'query' = 'body',
): Worded {
  const values: Raw = {};
  const words: Record<string, WordChoice> = {};
  const records = (Array.isArray(like) ? like : [like]).filter(isRecord);
  const body = place === 'body' && records.length > 0;
  const style = body ? keyStyleOf(records) : 'snake';
  const home = body ? homeOf(records) : undefined;
  for (const [given, value] of fields) {
    if (value === undefined) continue;
    const f = body ? withoutMisfits(given, records) : given;
    // The nested record a style keeps its fields in (`spec`) is not itself the field of that name,
    // and a name it holds wins over the same at the top (a Kubernetes or JSON:API `kind`/`type`
    // there is the style's resource kind).
    const inHome = home ? records.map((r) => nameIn(r[home], f)).find((n) => n !== undefined) : undefined;
    if (inHome !== undefined) {
      setAt(values, [home!, inHome], value);
      continue;
    }
    // Where a style keeps the fields nested, its top holds only the style's own members (a
    // Kubernetes `kind`, JSON:API `type`) and the id: no other field is written there.
    const found = home && !/\.id$/.test(f.role) ? undefined : zoneNameFor(f, like);
    const own = found !== undefined && found === home ? undefined : found;
    const held = !own && body ? records.map((r) => heldIn(r, f, home)).find((p) => p !== undefined) : undefined;
    const nested = held ?? (!own && body ? inferredPath(f, records, value) : undefined);
    const top = nested?.length === 1 && typeof nested[0] === 'string' ? nested[0] : undefined;
    if (nested && !top) {
      setAt(values, nested, value, Array.isArray(like) ? undefined : like);
      continue;
    }
    const name = own ?? top ?? styled(f.names[0]!, style);
    // A name taught as a path (`spec.content`) that no record holds as a key of its own: written nested.
    const taught = !nested && !records.some((r) => Object.hasOwn(r, name)) ? nestedPath(name) : undefined;
    if (taught) {
      setAt(values, taught, value);
      words[name] = { role: f.role, alts: f.names.filter((n) => n !== name), ...(own ? { firm: true } : {}) };
      continue;
    }
    if (home && !own && !nested) {
      setAt(values, [home, name], value);
      continue;
    }
    values[name] = value;
    const firm = own || held || (f.fixed && name === f.names[0]);
    words[name] = { role: f.role, alts: f.names.filter((n) => n !== name), ...(firm ? { firm: true } : {}) };
  }
  const resource = body && home === 'attributes' && typeof records[0]!.type === 'string';
  return resource ? { values: { data: { type: records[0]!.type, ...values } }, words: {} } : { values, words };
}

/**
 * `w`'s fields under the names already chosen, written the way `record` is structured (the
 * nested record its fields live in, a JSON:API resource object): an action's body (deploy, a
 * canary) named as the runner's record names it, shaped as the record it acts on. A field that
 * stays at the top keeps its word for the agent.
 */
export function shapedAs(w: Worded, record: unknown, sameKind = true): Worded {
  if (!isRecord(record)) return w;
  const fields = Object.entries(w.values).map(([k, v]) => [field(w.words[k]?.role ?? k, k), v] as const);
  const again = worded(fields, record);
  const words: Record<string, WordChoice> = {};
  for (const k of Object.keys(again.words)) if (w.words[k]) words[k] = w.words[k];
  // A record of another kind lends its structure, not its JSON:API type.
  const data = again.values.data;
  if (!sameKind && isRecord(data) && 'attributes' in data) delete data.type;
  return { values: again.values, words };
}

/**
 * A body's fields written as records of another kind are structured (the parent record: a
 * workflow for its first eval case or run, a workspace for its first chat), when the zone's
 * records of this kind are not at hand: the structure, never the parent's names for them.
 */
export function shapedLike(w: Worded, own: readonly unknown[], parent: unknown): Worded {
  return own.some(isRecord) || !isRecord(parent) ? w : shapedAs(w, parent, false);
}

/** `pathIn`, skipping the top when the style nests its fields (`home`): the top is then the style's. */
function heldIn(rec: Raw, f: FieldWords, home: string | undefined): FieldPath | undefined {
  return home ? nestedIn(rec, f) : pathIn(rec, f, home);
}

/** Every name the given fields may have (for "fields Zonedeck doesn't read"). */
export function namesOf(...fields: FieldWords[]): Set<string> {
  return new Set(fields.flatMap((f) => f.names));
}

/** The record's field names that none of `known` reads, in the zone's order (names only, never values). */
export function unreadFields(rec: unknown, known: ReadonlySet<string>): string[] {
  return isRecord(rec) ? Object.keys(rec).filter((k) => !known.has(k)) : [];
}
