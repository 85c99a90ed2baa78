/**
 * Long live lists (containers, microVMs, clusters …) as resources read through `list.poll`: the
 * agent keeps the copy this page holds and answers with only what changed, and rows are merged so
 * unchanged records keep their row objects (no re-render, scroll and selection stay). Row arrays
 * are markRaw: 20,000 rows behind deep proxies made every sort and render pay for tracking.
 */
import { markRaw } from 'vue';
import type { ReadOperationId } from '@contract/routes';
import type { Raw } from '@contract/tolerant';
import type { RecordKind } from '@contract/dictionary/record-kinds';
import { agent } from '../agent';
import { dictionaryOf, readerFor, readerMark, storedReader, surveysOf, type KindReader } from './zone-dictionary';
import { applyPoll, type ListCopy } from '../lib/list-poll';
import { mergeRows } from '../lib/row-merge';
import { defineResource, type ResourceDef } from './resource-def';
import { resources } from './resources';

interface KeyedRow {
  key: string;
  raw: Raw;
}

interface ListMemo {
  copy?: ListCopy;
  /** Rows were changed here (a record an action returned): the next read re-merges even if the zone's list is unchanged. */
  diverged?: boolean;
  /** The reader the rows were made with, the records it was made from, and its paths. */
  reader?: KindReader;
  readFrom?: readonly Raw[];
  /** The zone's dictionary entry for the kind the reader was made under. */
  readBy?: unknown;
  /** The zone's surveys settled when it was made (zone-dictionary.ts). */
  surveys?: number;
  mark?: string;
}

export interface ListResourceOptions<R> {
  /** A row from one record, read by the list's reader (the zone's dictionary and the list's records). */
  toRow: (raw: Raw, index: number, reader: KindReader) => R;
  /** What a record is ('container', 'public_ip'): its fields are the zone's dictionary's for that kind. */
  kind: RecordKind;
  poll?: number | ((rows: R[] | undefined) => number | null);
}

/** A list per zone (the resource's argument is the zone id). */
export function listResource<R extends KeyedRow>(
  operationId: ReadOperationId,
  opts: ListResourceOptions<R>,
): ResourceDef<R[], string> {
  return defineResource<R[], string>({
    name: operationId,
    zone: (zone) => zone,
    poll: opts.poll,
    async fetch(zone, { previous, memo, signal }) {
      const m = memo as ListMemo;
      const held = m.copy;
      const read = (since?: string) =>
        agent.invoke('list.poll', { zone, operationId, ...(since ? { since } : {}) }, { signal });
      // A change to a copy this page no longer holds (a reply overtaken by another): read it all.
      const copy = applyPoll(held, await read(held?.version)) ?? applyPoll(undefined, await read());
      if (!copy) throw new Error('The list could not be read.');
      m.copy = copy;
      // One reader per reply (inferred from a sample of it), not per row; made again when the
      // zone's dictionary changed (a person chose a field, or reset it), though the records did not.
      const entry = dictionaryOf(zone)?.kinds[opts.kind];
      const surveys = surveysOf(zone);
      if (!m.reader || m.readFrom !== copy.items || m.readBy !== entry || m.surveys !== surveys) {
        m.reader = readerFor(zone, opts.kind, copy.items);
        m.readFrom = copy.items;
        m.readBy = entry;
        m.surveys = surveys;
      }
      const reader = m.reader;
      const mark = readerMark(reader);
      if (previous && copy.items === held?.items && !m.diverged && m.mark === mark) return previous;
      m.diverged = false;
      // Rows made by a reader of other fields (a person just chose one) are all made again.
      const old = m.mark === mark ? (previous ?? []) : [];
      m.mark = mark;
      return markRaw(mergeRows(old, copy.items, (raw, i) => opts.toRow(raw, i, reader), reader.id));
    },
  });
}

/** Puts one record an action returned into the list now, without waiting for the next poll. */
export function putListRow<R extends KeyedRow>(
  def: ResourceDef<R[], string>,
  zone: string,
  raw: Raw,
  toRow: (raw: Raw, index: number, reader: KindReader) => R,
  kind: RecordKind,
): void {
  resources.update(def, zone, (rows, memo) => {
    if (!rows) return undefined;
    const m = memo as ListMemo;
    m.diverged = true;
    const row = toRow(raw, rows.length, m.reader ?? storedReader(zone, kind, raw));
    const i = rows.findIndex((r) => r.key === row.key);
    return markRaw(i < 0 ? [...rows, row] : rows.map((r, j) => (j === i ? row : r)));
  });
}

/** Takes a row out of the list now (deleted), without waiting for the next poll. */
export function removeListRow<R extends KeyedRow>(def: ResourceDef<R[], string>, zone: string, key: string): void {
  resources.update(def, zone, (rows, memo) => {
    if (!rows) return undefined;
    (memo as ListMemo).diverged = true;
    return markRaw(rows.filter((r) => r.key !== key));
  });
}
