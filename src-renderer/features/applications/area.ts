/** Applications' manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const APPLICATIONS_AREA: AreaManifest = {
  id: 'applications',
  title: 'Applications',
  about: 'Deploy servers and the repositories that feed them.',
  sections: [
    { id: 'deploy-servers', title: 'Deploy servers', screen: () => import('./DeployServersView.vue') },
    { id: 'repositories', title: 'Repositories', screen: () => import('./repos/RepositoriesView.vue') },
  ],
};
