/** Workflows' manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const WORKFLOWS_AREA: AreaManifest = {
  id: 'workflows',
  title: 'Workflows',
  about: 'AI workflows and skills: drafts, versions, canaries, evals and live runs.',
  sections: [
    { id: 'workflows', title: 'Workflows', screen: () => import('./WorkflowsView.vue') },
    { id: 'skills', title: 'Skills', screen: () => import('./skills/SkillsView.vue') },
  ],
};
