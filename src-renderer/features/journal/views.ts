/** What other features show of the journal: its screen, loaded when first opened. */
export const loadJournalView = () => import('./JournalView.vue');
