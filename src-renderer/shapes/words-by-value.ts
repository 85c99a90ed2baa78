/**
 * Where a record's id or name goes when none of our words for it is the zone's: read off the
 * values of the zone's records of that kind (words.ts writes there). Kept apart from words.ts,
 * which says how a body is worded; this says which field the values point at.
 */
import type { Raw } from '@contract/tolerant';
import type { FieldPath } from '@contract/dictionary/dictionary-types';
import { inferFields } from '@contract/dictionary/infer-fields';
import { isNameLike } from '@contract/dictionary/value-shapes';
import type { FieldWords } from './words';

/**
 * A record's name field without the names whose values in the zone's records are no name a person
 * reads (Google's `name` is a resource path; the human name is `displayName`): the zone's values
 * decide which of our words is its name.
 */
export function withoutMisfits(f: FieldWords, records: readonly Raw[]): FieldWords {
  if (!/\.name$/.test(f.role)) return f;
  const misfit = (n: string) => records.some((r) => typeof r[n] === 'string' && !isNameLike(r[n]));
  const names = f.names.filter((n) => !misfit(n));
  return names.length === f.names.length || names.length === 0 ? f : { role: f.role, names };
}

/**
 * Where records of the field's kind hold it when none of its names is theirs: for a field whose
 * role is a record's id or name (`workflow.name`), the field the records' values say is that
 * (infer-fields.ts) — a zone in words nobody here wrote still names its records somewhere.
 */
export function inferredPath(f: FieldWords, records: readonly Raw[], value?: unknown): FieldPath | undefined {
  const m = /^([a-z][A-Za-z]*)\.(id|name)$/.exec(f.role);
  if (!m || records.length === 0) return undefined;
  // A record that already holds this very value in one field (an update of the record it names):
  // that field, before what one record's values can only suggest (`contains` reads as a name too).
  if (records.length === 1 && typeof value === 'string' && value) {
    const holding = Object.keys(records[0]!).filter((k) => records[0]![k] === value);
    if (holding.length === 1) return [holding[0]!];
  }
  const kind = m[1]!.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return inferFields(records, kind).read[m[2] as 'id' | 'name'];
}
