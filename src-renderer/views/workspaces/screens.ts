/** Workspaces' screens (see views/screens.ts). */
import type { ScreenTable } from '../screens';

export const WORKSPACE_SCREENS: ScreenTable = {
  'workspaces/workspaces': () => import('./WorkspacesView.vue'),
};
