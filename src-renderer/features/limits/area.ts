/** Limits' manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const LIMITS_AREA: AreaManifest = {
  id: 'limits',
  title: 'Limits',
  about: 'Your tenant’s resource limits: CPU, memory, storage, VPCs and LLM tokens.',
  sections: [{ id: 'limits', title: 'Limits', screen: () => import('./LimitsView.vue') }],
};
