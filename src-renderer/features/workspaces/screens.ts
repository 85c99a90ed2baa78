/** Workspaces' screens, and the repositories they bind (Applications › Repositories; see views/screens.ts). */
import type { ScreenTable } from '../../shell/screens';

export const WORKSPACE_SCREENS: ScreenTable = {
  'workspaces/workspaces': () => import('./WorkspacesView.vue'),
  'applications/repositories': () => import('../applications/repos/RepositoriesView.vue'),
};
