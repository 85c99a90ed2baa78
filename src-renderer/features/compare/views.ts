/** What the shell shows of compare: the dialogs that answer "Compare across zones" and "Copy to zone…". */
export const loadAcrossZonesDialogs = () => import('./AcrossZonesDialogs.vue');
