/**
 * Finds the record a person named (`prod-a`) in a list, through the kind's reader: by its name,
 * then its id, then its name in any letter case. Where the zone's records leave the name unsure
 * (two fields tie), the typed value itself says which: a record with exactly that value in one of
 * the tied fields is the one meant — nothing is guessed, the person wrote it.
 */
import { isRecord, type Raw } from '../tolerant';
import { valueAt, type KindReader } from './kind-reader';
import { scalarText } from './value-shapes';

export interface Named {
  id: string;
  name: string;
  record: Raw;
}

/** Every record's id and the name a person reads it by (its id when none). */
export function namedRecords(reader: KindReader, records: readonly unknown[]): Named[] {
  return records.flatMap((record) => {
    if (!isRecord(record)) return [];
    const id = reader.id(record);
    return id ? [{ id, name: reader.name(record) ?? id, record }] : [];
  });
}

export function findNamed(reader: KindReader, records: readonly unknown[], typed: string): Named | undefined {
  const items = namedRecords(reader, records);
  const exact =
    items.find((i) => i.name === typed) ??
    items.find((i) => i.id === typed) ??
    items.find((i) => i.name.toLowerCase() === typed.toLowerCase());
  if (exact || reader.paths.name) return exact;
  for (const path of reader.unsure.name ?? []) {
    const hits = items.filter((i) => scalarText(valueAt(i.record, path)) === typed);
    if (hits.length === 1) return { ...hits[0]!, name: typed };
  }
  return undefined;
}
