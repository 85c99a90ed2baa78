/** The applications feature's public face: what others may import; the rest of the folder is its own. */
export { useKnownDeployServers } from './deploy-servers';
export { default as DeployServerField } from './DeployServerField.vue';
export { reposChanged, useRepos } from './repos/repos';
