/** The workspaces feature's public face: what others may import; the rest of the folder is its own. */
export { watchDeployments, type DeployWatch } from './cicd/deploy-watch';
export { toCicdStatus } from './shapes/cicd-record';
export { statusWords, type WorkspaceSummary } from './shapes/workspace-record';
export { workspaceColumns } from './workspace-columns';
export { explainRefusal } from './workspace-refusals';
export { useWorkspaces, workspaceNameIn } from './workspaces';
export {
  runWorkspaceAction,
  selectedWorkspace,
  workspaceActionWords,
  type SelectedWorkspace,
} from './selected-workspace';
