/** Compute's manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const COMPUTE_AREA: AreaManifest = {
  id: 'compute',
  title: 'Compute',
  about: 'Containers and microVMs: lifecycle, config vars, logs, metrics and consoles.',
  sections: [
    {
      id: 'containers',
      title: 'Containers',
      screen: () => import('./ComputeListView.vue'),
      props: { kind: 'containers' },
    },
    { id: 'microvms', title: 'MicroVMs', screen: () => import('./ComputeListView.vue'), props: { kind: 'microvms' } },
  ],
};
