/**
 * Which screen shows for "area/section". Each area lists its own screens in its folder; a section
 * without one shows the area's empty state. Screens load lazily, so the first paint stays small.
 */
import type { Component } from 'vue';
import { ALL_ZONES_SCREENS } from '../features/all-zones/screens';
import { COMPUTE_SCREENS } from '../features/compute/screens';
import { IDENTITY_SCREENS } from '../features/identity/screens';
import { INFRA_SCREENS } from '../features/infra-screens';
import { WORKFLOW_SCREENS } from '../features/workflows/screens';
import { WORKSPACE_SCREENS } from '../features/workspaces/screens';

/** A screen gets the selected zone as its `zone` prop. */
export type ScreenTable = Record<string, () => Promise<Component>>;

export const SCREENS: ScreenTable = {
  ...IDENTITY_SCREENS,
  ...INFRA_SCREENS,
  ...COMPUTE_SCREENS,
  ...WORKFLOW_SCREENS,
  ...WORKSPACE_SCREENS,
  ...ALL_ZONES_SCREENS,
};

export function hasScreen(area: string, section: string): boolean {
  return Object.hasOwn(SCREENS, `${area}/${section}`);
}
