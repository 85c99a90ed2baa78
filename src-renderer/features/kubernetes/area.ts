/** Kubernetes' manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const KUBERNETES_AREA: AreaManifest = {
  id: 'kubernetes',
  title: 'Kubernetes',
  about: 'Managed clusters: nodes, versions, rolling upgrades and kubeconfigs.',
  sections: [{ id: 'clusters', title: 'Clusters', screen: () => import('./ClustersView.vue') }],
};
