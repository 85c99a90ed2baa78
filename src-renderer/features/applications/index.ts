/** The applications feature's public face: what others may import; the rest of the folder is its own. */
export { useKnownDeployServers } from './deploy-servers';
export { reposChanged, useRepos } from './repos/repos';
export { explainRefusal, isNoConnector } from './repos/repo-refusals';
