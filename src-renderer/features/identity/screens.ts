/** Identity's screens (see views/screens.ts). */
import type { ScreenTable } from '../../shell/screens';

export const IDENTITY_SCREENS: ScreenTable = {
  'identity/account': () => import('./AccountView.vue'),
  'identity/security': () => import('./SecurityView.vue'),
  'identity/api-clients': () => import('./ApiClientsView.vue'),
};
