/** All-zones screens (see views/screens.ts): one view for every kind, which reads the section. */
import type { ScreenTable } from '../../shell/screens';
import { ALL_ZONES_KINDS } from './merged-rows';

const view = () => import('./AllZonesView.vue');

export const ALL_ZONES_SCREENS: ScreenTable = Object.fromEntries(ALL_ZONES_KINDS.map((k) => [`all-zones/${k}`, view]));
