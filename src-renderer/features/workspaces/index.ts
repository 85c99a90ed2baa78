/** The workspaces feature's public face: what others may import; the rest of the folder is its own. */
export { watchDeployments, type DeployWatch } from './cicd/deploy-watch';
export { statusWords, type WorkspaceSummary } from './shapes/workspace-record';
export { workspaceColumns } from './workspace-columns';
export { useWorkspaces, workspaceNameIn } from './workspaces';
export {
  runWorkspaceAction,
  selectedWorkspace,
  workspaceActionWords,
  type SelectedWorkspace,
} from './selected-workspace';
// For a zone's home page (features/zone-home): each workspace's deployments, through the CI/CD tab's own resource.
export { useDeployments } from './cicd/workspace-cicd';
export { type Deployment } from '../../shapes/cicd-record';
