/**
 * Long live lists (containers, microVMs, clusters …) as resources read through `list.poll`: the
 * agent keeps the copy this page holds and answers with only what changed, and rows are merged so
 * unchanged records keep their row objects (no re-render, scroll and selection stay). Row arrays
 * are markRaw: 20,000 rows behind deep proxies made every sort and render pay for tracking.
 */
import { markRaw } from 'vue';
import type { ReadOperationId } from '@contract/routes';
import { idOf, type Raw } from '@contract/tolerant';
import { agent } from '../agent';
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
}

export interface ListResourceOptions<R> {
  toRow: (raw: Raw, index: number) => R;
  /** What a record is ('container', 'public_ip'): a zone may name its id `<kind>_id`. */
  kind?: string;
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
      if (previous && copy.items === held?.items && !m.diverged) return previous;
      m.diverged = false;
      return markRaw(mergeRows(previous ?? [], copy.items, opts.toRow, (raw) => idOf(raw, opts.kind)));
    },
  });
}

/** Puts one record an action returned into the list now, without waiting for the next poll. */
export function putListRow<R extends KeyedRow>(
  def: ResourceDef<R[], string>,
  zone: string,
  raw: Raw,
  toRow: (raw: Raw, index: number) => R,
): void {
  resources.update(def, zone, (rows, memo) => {
    if (!rows) return undefined;
    (memo as ListMemo).diverged = true;
    const row = toRow(raw, rows.length);
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
