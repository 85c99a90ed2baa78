/** What other features show of rollouts: the screen, loaded when first opened. */
export const loadRolloutsView = () => import('./RolloutsView.vue');
