/**
 * Lists of the infra areas (clusters, public IPs, VPN gateways) per zone, read tolerantly. One
 * store keyed by zone and resource: the three lists behave the same, so they share one loader.
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { agent } from '../agent';
import { idOf, listOf, nameOf, stateOf, timeOf, type Raw } from '../lib/tolerant';
import { toErrorData } from '../lib/errors';
import type { AgentErrorData } from '@contract/errors';
import type { ReadOperationId } from '@contract/operations';
import { mergeRows } from '../lib/row-merge';

export type InfraResource = 'clusters' | 'publicIps' | 'vpnGateways';

const LIST_OP = {
  clusters: 'kubernetes.list',
  publicIps: 'publicIps.list',
  vpnGateways: 'vpnGateways.list',
} as const satisfies Record<InfraResource, ReadOperationId>;

export interface InfraRow {
  key: string;
  id: string | undefined;
  name: string;
  state: string | undefined;
  createdAt: Date | undefined;
  raw: Raw;
}

export interface InfraList {
  status: 'idle' | 'loading' | 'ready' | 'error';
  refreshing: boolean;
  rows: InfraRow[];
  error: AgentErrorData | null;
}

export function toInfraRow(raw: Raw, index: number): InfraRow {
  const id = idOf(raw);
  return {
    key: id ?? `#${index}`,
    id,
    name: nameOf(raw) ?? pickText(raw, 'address') ?? id ?? `(unnamed ${index + 1})`,
    state: stateOf(raw),
    createdAt: timeOf(raw, 'created_at', 'createdAt', 'created'),
    raw,
  };
}

function pickText(raw: Raw, key: string): string | undefined {
  const v = raw[key];
  return typeof v === 'string' && v ? v : undefined;
}

const blank = (): InfraList => ({ status: 'idle', refreshing: false, rows: [], error: null });

export const useInfraStore = defineStore('infra', () => {
  const lists = reactive<Record<string, InfraList>>({});
  const k = (zone: string, what: InfraResource) => `${zone}|${what}`;

  function of(zone: string, what: InfraResource): InfraList {
    return lists[k(zone, what)] ?? blank();
  }

  async function load(zone: string, what: InfraResource): Promise<void> {
    const key = k(zone, what);
    if (!lists[key]) lists[key] = blank();
    const entry = lists[key]!;
    if (entry.status === 'ready') entry.refreshing = true;
    else entry.status = 'loading';
    try {
      const data = await agent.call(zone, LIST_OP[what]);
      // Unchanged records keep their row objects, so the table re-renders nothing for them.
      const rows = mergeRows(entry.rows, listOf(data), toInfraRow);
      if (rows !== entry.rows) entry.rows = rows;
      entry.status = 'ready';
      entry.error = null;
    } catch (e) {
      entry.status = 'error';
      entry.error = toErrorData(e);
    } finally {
      entry.refreshing = false;
    }
  }

  /** Puts a record the zone just returned (create, update) into the list without a reload. */
  function upsert(zone: string, what: InfraResource, raw: Raw): InfraRow {
    const entry = lists[k(zone, what)] ?? (lists[k(zone, what)] = { ...blank(), status: 'ready' });
    const row = toInfraRow(raw, entry.rows.length);
    const at = entry.rows.findIndex((r) => r.key === row.key);
    entry.rows = at >= 0 ? entry.rows.map((r, i) => (i === at ? row : r)) : [...entry.rows, row];
    return row;
  }

  function remove(zone: string, what: InfraResource, key: string): void {
    const entry = lists[k(zone, what)];
    if (entry) entry.rows = entry.rows.filter((r) => r.key !== key);
  }

  return { lists, of, load, upsert, remove };
});
