/**
 * The infra-lists feature's screen that others may render, and the composable that drives it (kept
 * apart from index.ts, so a store that imports the feature's index never pulls in a .vue file or
 * the list-screen kit: lean chunks, and Node unit tests).
 */
export { default as InfraScreen } from './InfraScreen.vue';
export { useInfraScreen, type InfraScreenState } from './use-infra-screen';
