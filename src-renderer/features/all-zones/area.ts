/**
 * All zones' manifest: one section per kind, all shown by one view, which reads the section.
 * Last in the navigation, so a section id shared with a zone's own area (containers …) resolves to
 * that area first.
 */
import type { AreaManifest } from '../../state/navigation';
import { loadJournalView } from '../journal/views';
import { loadRolloutsView } from '../rollouts/views';

const view = () => import('./AllZonesView.vue');

export const ALL_ZONES_AREA: AreaManifest = {
  id: 'all-zones',
  title: 'All zones',
  about: 'Containers, microVMs, clusters, workflows and workspaces of every zone in one list.',
  sections: [
    { id: 'containers', title: 'Containers', screen: view },
    { id: 'microvms', title: 'MicroVMs', screen: view },
    { id: 'clusters', title: 'Clusters', screen: view },
    { id: 'workflows', title: 'Workflows', screen: view },
    { id: 'workspaces', title: 'Workspaces', screen: view },
    { id: 'rollouts', title: 'Rollouts', screen: loadRolloutsView },
    { id: 'changes', title: 'Changes from this machine', screen: loadJournalView },
  ],
};
