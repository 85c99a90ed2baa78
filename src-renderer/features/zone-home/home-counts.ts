/**
 * How many records each area of a zone holds, read through the very resources those areas'
 * screens use (same keys, same polls): a list open in another pane is not read a second time.
 */
import { computed, type ComputedRef } from 'vue';
import type { AgentErrorData } from '@contract/errors';
import type { ResourceView } from '../../data';
import type { AreaId } from '../../state/navigation';
import { useComputeList } from '../compute';
import { useInfraList } from '../infra-lists';
import { useWorkflows } from '../workflows';
import { useWorkspaces } from '../workspaces';

export interface AreaCount {
  key: string;
  title: string;
  area: AreaId;
  section: string;
  /** null until the first read; the last count read stays while a reread fails. */
  count: number | null;
  error: AgentErrorData | null;
}

type Counted = Omit<AreaCount, 'count' | 'error'> & { view: ResourceView<unknown[]> };

export function useHomeCounts(zone: () => string): {
  counts: ComputedRef<AreaCount[]>;
  views: Record<string, ResourceView<unknown[]>>;
} {
  const lists: Counted[] = [
    {
      key: 'containers',
      title: 'Containers',
      area: 'compute',
      section: 'containers',
      view: useComputeList('containers', zone),
    },
    {
      key: 'microvms',
      title: 'MicroVMs',
      area: 'compute',
      section: 'microvms',
      view: useComputeList('microvms', zone),
    },
    {
      key: 'clusters',
      title: 'Clusters',
      area: 'kubernetes',
      section: 'clusters',
      view: useInfraList('clusters', zone),
    },
    {
      key: 'public-ips',
      title: 'Public IPs',
      area: 'networking',
      section: 'public-ips',
      view: useInfraList('publicIps', zone),
    },
    {
      key: 'vpn-gateways',
      title: 'VPN gateways',
      area: 'networking',
      section: 'vpn-gateways',
      view: useInfraList('vpnGateways', zone),
    },
    { key: 'workflows', title: 'Workflows', area: 'workflows', section: 'workflows', view: useWorkflows(zone) },
    { key: 'workspaces', title: 'Workspaces', area: 'workspaces', section: 'workspaces', view: useWorkspaces(zone) },
  ];
  const counts = computed(() =>
    lists.map(({ view, ...c }) => ({ ...c, count: view.state.data?.length ?? null, error: view.state.error })),
  );
  return { counts, views: Object.fromEntries(lists.map((l) => [l.key, l.view])) };
}
