/** The workflows feature's public face: what others may import; the rest of the folder is its own. */
export { deploymentWords, type WorkflowSummary } from './shapes/workflow';
export { workflowColumns } from './workflow-columns';
export { useWorkflows } from './workflows';
