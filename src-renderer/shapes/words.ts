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

/** A field: what it means and the names zones give it, the default first. */
export interface FieldWords {
  readonly role: string;
  readonly names: readonly string[];
}

export function field(role: string, ...names: [string, ...string[]]): FieldWords {
  return { role, names };
}

/** The name `rec` holds this field under, if any (present with any value but undefined). */
export function nameIn(rec: unknown, f: FieldWords): string | undefined {
  if (!isRecord(rec)) return undefined;
  return f.names.find((n) => rec[n] !== undefined);
}

/** The field's value in `rec` under whichever of its names the record uses. */
export function valueIn(rec: unknown, f: FieldWords): unknown {
  const n = nameIn(rec, f);
  return n === undefined ? undefined : (rec as Raw)[n];
}

/** The name this zone uses for the field: the first record of `like` that holds it, else undefined. */
export function zoneNameFor(f: FieldWords, like: unknown): string | undefined {
  for (const rec of Array.isArray(like) ? like : [like]) {
    const n = nameIn(rec, f);
    if (n) return n;
  }
  return undefined;
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
 * other records of that kind for a create.
 */
export function worded(fields: ReadonlyArray<readonly [FieldWords, unknown]>, like?: unknown): Worded {
  const values: Raw = {};
  const words: Record<string, WordChoice> = {};
  for (const [f, value] of fields) {
    if (value === undefined) continue;
    const own = zoneNameFor(f, like);
    const name = own ?? f.names[0]!;
    values[name] = value;
    words[name] = { role: f.role, alts: f.names.filter((n) => n !== name), ...(own ? { firm: true } : {}) };
  }
  return { values, words };
}

/** Every name the given fields may have (for "fields Zonedeck doesn't read"). */
export function namesOf(...fields: FieldWords[]): Set<string> {
  return new Set(fields.flatMap((f) => f.names));
}

/** The record's field names that none of `known` reads, in the zone's order (names only, never values). */
export function unreadFields(rec: unknown, known: ReadonlySet<string>): string[] {
  return isRecord(rec) ? Object.keys(rec).filter((k) => !known.has(k)) : [];
}
