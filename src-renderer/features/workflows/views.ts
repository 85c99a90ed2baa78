/**
 * The workflows feature's components that others may render (kept apart from index.ts, so a store that
 * imports the feature's index never pulls in a .vue file: lean chunks, and Node unit tests).
 */
/** A run's details, loaded when first shown (a chat links to its run). */
export const loadRunDetail = () => import('./production/RunDetail.vue');
