/** The workflows feature's public face: what others may import; the rest of the folder is its own. */
export { deploymentWords, type WorkflowSummary } from './shapes/workflow';
export { workflowColumns } from './workflow-columns';
export { useWorkflows, workflowNameIn } from './workflows';
// For notifications (features/notifications): runs in flight followed through their live stream.
export { followRuns, type RunFollower } from './production/run-follow';
// For compare and copy across zones (features/compare): the records read and written in any zone's words.
export {
  canonSpec,
  createBody,
  draftBody,
  draftSpecOf,
  readDraft,
  toWorkflowSummary,
  workflowIdOf,
  workflowOf,
} from './shapes/workflow';
export { type SkillRow, toSkillRow } from './shapes/skill';
export { type VersionRow, versionRowsOf } from './shapes/version-record';
export { readFileList } from './shapes/skill-file';
export { type Kept, whatWasKept } from './shapes/kept';
export { createSkill, putSkillFile, readSkillFile, skillFilesChanged } from './skills/skills';
export { workflowReturned, workflowsListChanged } from './workflows';
// For a zone's home page (features/zone-home): each deployed workflow's newest runs, through the runs tab's own resource.
export { useRunHistory } from './production/workflow-runs';
export { runSighting } from './production/run-sighting';
export { type RunSummary } from './shapes/run-record';
