/**
 * The agent's door to a zone's dictionary (contract/dictionary/): the reader of one kind's
 * records, made from the zone's dictionary and the records at hand, with what it inferred kept
 * for the zone as the window's reads keep it. Used where the agent names records itself (the
 * palette's index, the journal, file names).
 */
import { noteRead } from '../../contract/dictionary/dictionary-edits';
import { zoneKindReader, type KindReader } from '../../contract/dictionary/kind-reader';
import { zoneKindReaders } from '../../contract/dictionary/kind-readers';
import type { RecordKind } from '../../contract/dictionary/record-kinds';
import type { ZoneRegistry } from './zone-registry';

function keep(registry: ZoneRegistry, zone: string, kind: RecordKind, reader: KindReader): void {
  const record = registry.get(zone);
  if (!record || reader.sampled === 0) return;
  try {
    registry.editDictionary(zone, (d) => noteRead(d, kind, reader.entry()), record.baseUrl, { soon: true });
  } catch {
    // A dictionary that cannot be written (a read-only zones file) still reads.
  }
}

export function zoneReader(
  registry: ZoneRegistry,
  zone: string,
  kind: RecordKind,
  records: readonly unknown[],
): KindReader {
  const reader = zoneKindReader(registry.get(zone)?.dictionary, records, kind);
  keep(registry, zone, kind, reader);
  return reader;
}

/**
 * The readers of several kinds read at once, each breaking its ties by the others' habits as this
 * read found them (kind-readers.ts): the same answer whichever list arrived first.
 */
export function zoneReaders(
  registry: ZoneRegistry,
  zone: string,
  lists: readonly { kind: RecordKind; records: readonly unknown[] }[],
): KindReader[] {
  const readers = zoneKindReaders(registry.get(zone)?.dictionary, lists);
  readers.forEach((r, i) => keep(registry, zone, lists[i]!.kind, r));
  return readers;
}
