/**
 * Containers and microVMs per zone, read tolerantly and refreshed live: a poll every few seconds
 * while a screen watches. Polls go through list.poll, so the agent sends only the records that
 * changed since the copy held here; rows are diffed by id so unchanged rows keep their object
 * (no re-render, no flicker, scroll and selection stay). Each kind and zone keeps its own list, state and error.
 * Row arrays are markRaw: 20,000 rows behind deep proxies made every sort and render pay for
 * tracking; rows are never mutated in place (a change is a new array), so nothing is lost.
 */
import { defineStore } from 'pinia';
import { markRaw, reactive } from 'vue';
import { agent } from '../agent';
import { toContainerRow, type ContainerRow } from '../lib/tolerant';
import { applyPoll, type ListCopy } from '../lib/list-poll';
import { toErrorData } from '../lib/errors';
import { mergeRows } from '../lib/row-merge';
import type { ComputeKind } from '../lib/compute-kinds';
import type { AgentErrorData } from '@contract/errors';

export type InstanceRow = ContainerRow;

export interface ZoneList {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** A reload of a list already shown: rows stay, a quiet indicator instead of skeletons. */
  refreshing: boolean;
  rows: InstanceRow[];
  error: AgentErrorData | null;
  loadedAt: number | null;
}

const POLL_MS = 3000;

function empty(): ZoneList {
  return { status: 'idle', refreshing: false, rows: [], error: null, loadedAt: null };
}

export const useComputeStore = defineStore('compute', () => {
  const lists = reactive<Record<string, ZoneList>>({});
  const watchers = new Map<string, { count: number; timer: ReturnType<typeof setInterval> }>();
  /** The records each list was last built from, with the agent's version of them (not reactive). */
  const copies = new Map<string, ListCopy>();
  /** Lists whose rows were changed here (put/remove after an action): the next poll re-merges them even if the zone's list is unchanged. */
  const diverged = new Set<string>();
  const key = (kind: ComputeKind, zone: string) => `${kind}:${zone}`;

  function of(kind: ComputeKind, zone: string): ZoneList {
    return lists[key(kind, zone)] ?? empty();
  }

  /** `quiet`: a background poll, which shows no refresh indicator (a spinner every 3 s is noise, not news). */
  async function load(kind: ComputeKind, zone: string, quiet = false): Promise<void> {
    const k = key(kind, zone);
    // Read back through the reactive map: the object assigned is not the proxy that tracks changes.
    if (!lists[k]) lists[k] = empty();
    const entry = lists[k]!;
    if (entry.status === 'ready') entry.refreshing = !quiet;
    else if (entry.status !== 'loading') entry.status = 'loading';
    try {
      const held = copies.get(k);
      const read = (since?: string) => agent.invoke('list.poll', { zone, operationId: `${kind}.list`, ...(since ? { since } : {}) });
      // A change to a copy this page no longer holds (a reply overtaken by another): read it all.
      const copy = applyPoll(held, await read(held?.version)) ?? applyPoll(undefined, await read());
      if (!copy) throw new Error('The list could not be read.');
      copies.set(k, copy);
      if (copy.items !== held?.items || diverged.delete(k)) {
        const rows = mergeRows(entry.rows, copy.items, toContainerRow);
        if (rows !== entry.rows) entry.rows = markRaw(rows);
      }
      entry.status = 'ready';
      entry.error = null;
      entry.loadedAt = Date.now();
    } catch (e) {
      entry.error = toErrorData(e);
      // A failed poll keeps the rows on screen; only a first load shows the error state.
      if (entry.rows.length === 0) entry.status = 'error';
    } finally {
      entry.refreshing = false;
    }
  }

  /** Puts one fresh record in place (after an action) without waiting for the next poll. */
  function put(kind: ComputeKind, zone: string, raw: Record<string, unknown>): void {
    const entry = lists[key(kind, zone)];
    if (!entry) return;
    diverged.add(key(kind, zone));
    const row = toContainerRow(raw, entry.rows.length);
    const i = entry.rows.findIndex((r) => r.key === row.key);
    entry.rows = markRaw(i < 0 ? [...entry.rows, row] : entry.rows.map((r, j) => (j === i ? row : r)));
  }

  function remove(kind: ComputeKind, zone: string, id: string): void {
    const entry = lists[key(kind, zone)];
    if (!entry) return;
    diverged.add(key(kind, zone));
    entry.rows = markRaw(entry.rows.filter((r) => r.key !== id));
  }

  /** Starts polling while at least one screen watches; returns the stop function. */
  function watchList(kind: ComputeKind, zone: string): () => void {
    const k = key(kind, zone);
    void load(kind, zone);
    const w = watchers.get(k);
    if (w) w.count++;
    else watchers.set(k, { count: 1, timer: setInterval(() => { if (!document.hidden) void load(kind, zone, true); }, POLL_MS) });
    return () => {
      const cur = watchers.get(k);
      if (!cur) return;
      if (--cur.count === 0) { clearInterval(cur.timer); watchers.delete(k); }
    };
  }

  /** Forget a zone's lists (signed out or removed): they must not linger for the next person. */
  function drop(zone: string): void {
    for (const k of Object.keys(lists)) if (k.endsWith(`:${zone}`)) delete lists[k];
    for (const k of [...copies.keys()]) if (k.endsWith(`:${zone}`)) { copies.delete(k); diverged.delete(k); }
  }

  return { lists, of, load, put, remove, watchList, drop };
});
