/** Workspaces' manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const WORKSPACES_AREA: AreaManifest = {
  id: 'workspaces',
  title: 'Workspaces',
  about: 'Workspaces with CI/CD: deployments, build logs and the running app.',
  sections: [{ id: 'workspaces', title: 'Workspaces', screen: () => import('./WorkspacesView.vue') }],
};
