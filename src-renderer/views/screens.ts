/**
 * Which screen shows for "area/section". Each area lists its own screens in its folder; a section
 * without one shows the area's empty state. Screens load lazily, so the first paint stays small.
 */
import type { Component } from 'vue';
import { ALL_ZONES_SCREENS } from './all-zones/screens';
import { COMPUTE_SCREENS } from './compute/screens';
import { IDENTITY_SCREENS } from './identity/screens';
import { INFRA_SCREENS } from './infra/screens';
import { WORKFLOW_SCREENS } from './workflows/screens';
import { WORKSPACE_SCREENS } from './workspaces/screens';
import { JOURNAL_SCREENS } from '../features/journal/screens';

/** A screen gets the selected zone as its `zone` prop. */
export type ScreenTable = Record<string, () => Promise<Component>>;

export const SCREENS: ScreenTable = {
  ...IDENTITY_SCREENS,
  ...INFRA_SCREENS,
  ...COMPUTE_SCREENS,
  ...WORKFLOW_SCREENS,
  ...WORKSPACE_SCREENS,
  ...ALL_ZONES_SCREENS,
  ...JOURNAL_SCREENS,
};

export function hasScreen(area: string, section: string): boolean {
  return Object.hasOwn(SCREENS, `${area}/${section}`);
}
