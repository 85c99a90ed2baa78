/** What the shell shows of Settings: its dialog, loaded when first opened. */
export const loadSettingsDialog = () => import('./SettingsDialog.vue');
