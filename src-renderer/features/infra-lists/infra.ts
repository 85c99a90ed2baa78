/**
 * Lists of the infra areas (clusters, public IPs, VPN gateways) per zone, as list resources read
 * through list.poll and merged so unchanged rows keep their objects. The three lists behave the
 * same; only clusters poll, and only while one of them is still changing.
 */
import type { ReadOperationId } from '@contract/operations';
import {
  listResource,
  putListRow,
  removeListRow,
  resources,
  useResource,
  type ResourceDef,
  type ResourceView,
} from '../../data';
import { idOf, nameOf, stateOf, timeOf, type Raw } from '../../lib/tolerant';

export type InfraResource = 'clusters' | 'publicIps' | 'vpnGateways';

export interface InfraRow {
  key: string;
  id: string | undefined;
  name: string;
  state: string | undefined;
  createdAt: Date | undefined;
  raw: Raw;
}

export function toInfraRow(raw: Raw, index: number, kind?: string): InfraRow {
  const id = idOf(raw, kind);
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

/** A cluster still provisioning, upgrading or going away: its list keeps moving meanwhile. */
export function clusterChanging(state: string | undefined): boolean {
  return /provision|upgrad|creat|delet/.test(state ?? '');
}

const LIST_OP = {
  clusters: 'kubernetes.list',
  publicIps: 'publicIps.list',
  vpnGateways: 'vpnGateways.list',
} as const satisfies Record<InfraResource, ReadOperationId>;

/** What one record of each list is: a zone may name its id `<kind>_id`. */
const KIND = { clusters: 'cluster', publicIps: 'public_ip', vpnGateways: 'vpn_gateway' } as const satisfies Record<
  InfraResource,
  string
>;
const rowOf =
  (what: InfraResource) =>
  (raw: Raw, i: number): InfraRow =>
    toInfraRow(raw, i, KIND[what]);

const LISTS: Record<InfraResource, ResourceDef<InfraRow[], string>> = {
  clusters: listResource(LIST_OP.clusters, {
    toRow: rowOf('clusters'),
    kind: KIND.clusters,
    poll: (rows) => (rows?.some((r) => clusterChanging(r.state)) ? 2000 : null),
  }),
  publicIps: listResource(LIST_OP.publicIps, { toRow: rowOf('publicIps'), kind: KIND.publicIps }),
  vpnGateways: listResource(LIST_OP.vpnGateways, { toRow: rowOf('vpnGateways'), kind: KIND.vpnGateways }),
};

export function useInfraList(what: InfraResource, zone: () => string | null): ResourceView<InfraRow[]> {
  return useResource(LISTS[what], zone);
}

/** Puts a record the zone just returned (create, update) into the list now; its row. */
export function putInfraRow(zone: string, what: InfraResource, raw: Raw): InfraRow {
  const at = resources.state(LISTS[what], zone).data?.length ?? 0;
  putListRow(LISTS[what], zone, raw, rowOf(what));
  return rowOf(what)(raw, at);
}

export function removeInfraRow(zone: string, what: InfraResource, key: string): void {
  removeListRow(LISTS[what], zone, key);
}

/** The zone's list changed: read it again (which also picks its poll rate from the new rows). */
export function infraListChanged(zone: string, what: InfraResource): void {
  resources.invalidate({ zone, name: LIST_OP[what] });
}
