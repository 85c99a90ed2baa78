/** Compute's screens (see views/screens.ts). */
import type { ScreenTable } from '../../shell/screens';

export const COMPUTE_SCREENS: ScreenTable = {
  'compute/containers': () => import('./ContainersView.vue'),
  'compute/microvms': () => import('./MicroVMsView.vue'),
};
