/**
 * The renderer's door to each zone's dictionary (contract/dictionary/): a list read builds one
 * reader from the zone's dictionary and its records, tells the agent what it inferred (once per
 * change), and keeps what the rows could not be read by, so the list can say so above itself
 * ("This zone's containers have no field Zonedeck reads as their name …") and offer the choice.
 * The zones store feeds it every zone's dictionary as the agent sends it.
 *
 * A tie is broken by the zone's habits (how its other kinds read), so a list read before the others
 * might not read what it will read once they are known. Before a list says it cannot read its
 * rows, the agent reads the zone's main kinds together (`dictionary.survey`), once per zone; the
 * notice then says only what the whole zone cannot tell, whichever list was opened first.
 */
import { shallowReactive } from 'vue';
import type { ZoneView } from '@contract/commands';
import type { KindEntry, ReadRole, ZoneDictionary } from '@contract/dictionary/dictionary-types';
import { sharedPart } from '@contract/dictionary/dictionary-edits';
import { unreadRoles, zoneKindReader, type KindReader } from '@contract/dictionary/kind-reader';
import { NEEDED_ROLES, type RecordKind } from '@contract/dictionary/record-kinds';
import { agent } from '../agent';
import { resources } from './resources';

export type { KindReader } from '@contract/dictionary/kind-reader';

const dictionaries = new Map<string, ZoneDictionary | undefined>();
/** The last entry told to the agent per zone and kind (as JSON): a poll that finds the same tells nothing. */
const told = new Map<string, string>();
/** Zones whose main kinds the agent read together; the value settles when it has. */
const surveys = new Map<string, Promise<void>>();

/** What a list of one kind in one zone could not read its rows by, and a record to choose from. */
export interface ReadGap {
  zone: string;
  kind: RecordKind;
  roles: ReadRole[];
  fields: readonly string[];
  /** One of the list's records, shown beside the choice (names and values of the zone's own record). */
  sample: unknown;
}

/** Gaps by `zone|kind`, reactive: the list notice and the dictionary view watch it. */
export const readGaps = shallowReactive(new Map<string, ReadGap>());

const gapKey = (zone: string, kind: string) => `${zone}|${kind}`;

/** The gap of one zone's list of `kind`, reactively (the notice above the list reads it). */
export function readGapOf(zone: string, kind: string): ReadGap | undefined {
  return readGaps.get(gapKey(zone, kind));
}

/**
 * Every zone's dictionary as the agent keeps it. When what people chose or refusals taught
 * changes, that zone's lists are read again (an inference the reads themselves made changes no row).
 */
export function noteDictionaries(zones: readonly ZoneView[]): void {
  for (const z of zones) {
    const known = dictionaries.has(z.id);
    const previous = dictionaries.get(z.id);
    const before = JSON.stringify(sharedPart(dictionaries.get(z.id)) ?? null);
    dictionaries.set(z.id, z.dictionary);
    // A reset of the whole dictionary forgets the habits: the next gap asks for them again.
    if (Object.keys(previous?.kinds ?? {}).length && !Object.keys(z.dictionary?.kinds ?? {}).length)
      surveys.delete(z.id);
    // A kind the agent no longer holds (reset) is told again on its next read.
    for (const k of [...told.keys()])
      if (k.startsWith(`${z.id}|`) && !z.dictionary?.kinds[k.slice(z.id.length + 1)]) told.delete(k);
    const held = before !== JSON.stringify(sharedPart(z.dictionary) ?? null);
    // A list that could not read its rows may read them now that the zone's other kinds were read.
    if (known && (held || (gapIn(z.id) && JSON.stringify(previous ?? null) !== JSON.stringify(z.dictionary ?? null))))
      resources.invalidate({ zone: z.id });
  }
  for (const id of [...dictionaries.keys()]) if (!zones.some((z) => z.id === id)) forget(id);
}

const gapIn = (zone: string) => [...readGaps.keys()].some((k) => k.startsWith(`${zone}|`));

function forget(zone: string): void {
  dictionaries.delete(zone);
  surveys.delete(zone);
  for (const k of [...held.keys()]) if (k.startsWith(`${zone}|`)) held.delete(k);
  for (const k of [...told.keys()]) if (k.startsWith(`${zone}|`)) told.delete(k);
  for (const k of [...readGaps.keys()]) if (k.startsWith(`${zone}|`)) readGaps.delete(k);
}

export function dictionaryOf(zone: string): ZoneDictionary | undefined {
  return dictionaries.get(zone);
}

/** Tells the agent what this read found, when it differs from what the agent last heard. */
function tell(zone: string, kind: string, seen: KindEntry): void {
  const key = gapKey(zone, kind);
  const text = JSON.stringify(seen);
  if (told.get(key) === text) return;
  told.set(key, text);
  // Best effort: the dictionary is a cache of what the records show; a refused note changes no row.
  void agent.invoke('dictionary.note', { zone, kind, seen }).catch(() => told.delete(key));
}

/**
 * The reader of `kind`'s records in `zone`, made from `records` (a list's, or the one at hand).
 * Notes what it inferred with the agent and what the rows lack in `readGaps`.
 */
export function readerFor(zone: string, kind: RecordKind, records: readonly unknown[]): KindReader {
  const reader = zoneKindReader(dictionaries.get(zone), records, kind);
  if (reader.sampled === 0) return reader;
  tell(zone, kind, reader.entry());
  const roles = unreadRoles(reader, NEEDED_ROLES[kind]);
  const key = gapKey(zone, kind);
  held.delete(key);
  if (roles.length === 0) readGaps.delete(key);
  else if (!surveyed(zone))
    held.set(key, { records, gap: { zone, kind, roles, fields: reader.fields, sample: records[0] } });
  else if (readGaps.get(key)?.roles.join() !== roles.join() || !readGaps.has(key))
    readGaps.set(key, { zone, kind, roles, fields: reader.fields, sample: records[0] });
  return reader;
}

/** Gaps found before the zone's survey settled, with the records they were found in. */
const held = new Map<string, { records: readonly unknown[]; gap: ReadGap }>();

/**
 * Whether the zone's habits are complete; if not, asks the agent to read its main kinds. When it
 * has, each gap held meanwhile is said, or — where the zone's habits now read the role — the
 * zone's lists are read again to show it.
 */
function surveyed(zone: string): boolean {
  const done = surveys.get(zone);
  if (done) return settled.has(done);
  const survey: Promise<void> = agent.invoke('dictionary.survey', { zone }).then(
    (view) => {
      if (view?.dictionary && surveys.get(zone) === survey) dictionaries.set(zone, view.dictionary);
    },
    () => undefined, // a zone that cannot be read: the notice says what its lists alone show
  );
  surveys.set(zone, survey);
  void survey.then(() => {
    settled.add(survey);
    let readAgain = false;
    for (const [key, { records, gap }] of held) {
      if (gap.zone !== zone) continue;
      held.delete(key);
      const roles = unreadRoles(zoneKindReader(dictionaries.get(zone), records, gap.kind), NEEDED_ROLES[gap.kind]);
      if (roles.join() === gap.roles.join()) readGaps.set(key, gap);
      else readAgain = true;
    }
    if (readAgain) {
      surveyGeneration.set(zone, (surveyGeneration.get(zone) ?? 0) + 1);
      resources.invalidate({ zone });
    }
  });
  return false;
}
const settled = new WeakSet<Promise<void>>();
const surveyGeneration = new Map<string, number>();

/** How many surveys of the zone settled: a list read again after one makes its reader again. */
export function surveysOf(zone: string): number {
  return surveyGeneration.get(zone) ?? 0;
}

/** A reader from the dictionary alone (one record's details, before its list was read). */
export function storedReader(zone: string, kind: RecordKind, record?: unknown): KindReader {
  return zoneKindReader(dictionaries.get(zone), record === undefined ? [] : [record], kind);
}

/** The paths a reader reads by, as one string: rows made by another reader are made again. */
export function readerMark(reader: KindReader): string {
  return JSON.stringify(reader.paths);
}

/** A list's rows, each read by the one reader of the list (see readerFor). */
export function readRows<R>(
  zone: string,
  kind: RecordKind,
  records: readonly Record<string, unknown>[],
  toRow: (raw: Record<string, unknown>, index: number, reader: KindReader) => R,
): R[] {
  const reader = readerFor(zone, kind, records);
  return records.map((r, i) => toRow(r, i, reader));
}
