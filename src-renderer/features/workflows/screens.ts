/** Workflows' screens (see views/screens.ts). */
import type { ScreenTable } from '../../shell/screens';

export const WORKFLOW_SCREENS: ScreenTable = {
  'workflows/workflows': () => import('./WorkflowsView.vue'),
  'workflows/skills': () => import('./skills/SkillsView.vue'),
};
