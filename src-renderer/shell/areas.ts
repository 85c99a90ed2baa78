/**
 * The navigation: every feature's area manifest (features/<area>/area.ts) in the rail's order. The
 * shell composes the features, so it is the one place that lists them; app-wide state gets the
 * list through registerNavigation(), called once by the app's plugin (app-plugin.ts) before any store reads it.
 */
import { registerAreas, type Area } from '../state/navigation';
import { ZONE_HOME_AREA } from '../features/zone-home/area';
import { IDENTITY_AREA } from '../features/identity/area';
import { COMPUTE_AREA } from '../features/compute/area';
import { STORAGE_AREA } from '../features/storage/area';
import { KUBERNETES_AREA } from '../features/kubernetes/area';
import { NETWORKING_AREA } from '../features/networking/area';
import { APPLICATIONS_AREA } from '../features/applications/area';
import { WORKFLOWS_AREA } from '../features/workflows/area';
import { WORKSPACES_AREA } from '../features/workspaces/area';
import { LIMITS_AREA } from '../features/limits/area';
import { ALL_ZONES_AREA } from '../features/all-zones/area';

export const AREA_LIST: readonly Area[] = [
  // First: where a zone opens.
  ZONE_HOME_AREA,
  IDENTITY_AREA,
  COMPUTE_AREA,
  STORAGE_AREA,
  KUBERNETES_AREA,
  NETWORKING_AREA,
  APPLICATIONS_AREA,
  WORKFLOWS_AREA,
  WORKSPACES_AREA,
  LIMITS_AREA,
  // Last, so a section id shared with a zone's own area (containers …) resolves to that area first.
  ALL_ZONES_AREA,
];

export function registerNavigation(): void {
  registerAreas(AREA_LIST);
}
