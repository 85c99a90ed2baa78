/**
 * The applications feature's components that others may render (kept apart from index.ts, so a store
 * that imports the feature's index never pulls in a .vue file: lean chunks, and Node unit tests).
 */
export { default as DeployServerField } from './DeployServerField.vue';
