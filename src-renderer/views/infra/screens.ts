/** Storage, Kubernetes, Networking, Applications and Limits screens (see views/screens.ts). */
import type { ScreenTable } from '../screens';

export const INFRA_SCREENS: ScreenTable = {};
