/**
 * Lists of the infra areas (clusters, public IPs, VPN gateways) per zone, as list resources read
 * through list.poll and merged so unchanged rows keep their objects. The three lists behave the
 * same; only clusters poll, and only while one of them is still changing.
 */
import type { ReadOperationId } from '@contract/operations';
import type { RecordKind } from '@contract/dictionary/record-kinds';
import { classify } from '@contract/state-vocabulary';
import {
  listResource,
  putListRow,
  removeListRow,
  resources,
  storedReader,
  useResource,
  type ResourceDef,
  type ResourceView,
} from '../../data';
import { rowIdentity, type Raw } from '../../lib/tolerant';
import type { KindReader } from '../../data';

export type InfraResource = 'clusters' | 'publicIps' | 'vpnGateways';

export interface InfraRow {
  key: string;
  id: string | undefined;
  name: string;
  state: string | undefined;
  createdAt: Date | undefined;
  raw: Raw;
}

/** A row read by the list's reader (the zone's dictionary for the kind: data/zone-dictionary.ts). */
export function toInfraRow(raw: Raw, index: number, reader: KindReader): InfraRow {
  return {
    ...rowIdentity(raw, index, reader),
    state: reader.state(raw),
    createdAt: reader.created(raw),
    raw,
  };
}

/**
 * A cluster on its way somewhere (provisioning, upgrading, going away) by the one state
 * vocabulary, in any case (`Provisioning`, `PROVISIONING`): its list keeps moving meanwhile.
 */
export function clusterChanging(state: string | undefined): boolean {
  return classify(state) === 'progress';
}

const LIST_OP = {
  clusters: 'kubernetes.list',
  publicIps: 'publicIps.list',
  vpnGateways: 'vpnGateways.list',
} as const satisfies Record<InfraResource, ReadOperationId>;

/** What one record of each list is, in the zone's dictionary. */
export const KIND = {
  clusters: 'cluster',
  publicIps: 'public_ip',
  vpnGateways: 'vpn_gateway',
} as const satisfies Record<InfraResource, RecordKind>;

const LISTS: Record<InfraResource, ResourceDef<InfraRow[], string>> = {
  clusters: listResource(LIST_OP.clusters, {
    toRow: toInfraRow,
    kind: KIND.clusters,
    poll: (rows) => (rows?.some((r) => clusterChanging(r.state)) ? 2000 : null),
  }),
  publicIps: listResource(LIST_OP.publicIps, { toRow: toInfraRow, kind: KIND.publicIps }),
  vpnGateways: listResource(LIST_OP.vpnGateways, { toRow: toInfraRow, kind: KIND.vpnGateways }),
};

export function useInfraList(what: InfraResource, zone: () => string | null): ResourceView<InfraRow[]> {
  return useResource(LISTS[what], zone);
}

/** Puts a record the zone just returned (create, update) into the list now; its row. */
export function putInfraRow(zone: string, what: InfraResource, raw: Raw): InfraRow {
  const at = resources.state(LISTS[what], zone).data?.length ?? 0;
  putListRow(LISTS[what], zone, raw, toInfraRow, KIND[what]);
  return toInfraRow(raw, at, storedReader(zone, KIND[what], raw));
}

export function removeInfraRow(zone: string, what: InfraResource, key: string): void {
  removeListRow(LISTS[what], zone, key);
}

/** The zone's list changed: read it again (which also picks its poll rate from the new rows). */
export function infraListChanged(zone: string, what: InfraResource): void {
  resources.invalidate({ zone, name: LIST_OP[what] });
}
