/**
 * Workflows of a zone: the list and one workflow with its draft. The editor, versions and
 * production stores build on these and say what they changed through `workflowChanged`.
 */
import { agent } from '../../agent';
import { readRows, resources, storedReader } from '../../data';
import { defineRecordCollection, type RecordRef } from '../../composables/zone-records';
import { idOf, listOf, recordOf, type Raw } from '../../lib/tolerant';
import { toWorkflowSummary, workflowOf, type WorkflowSummary } from './shapes/workflow';

export type WorkflowRef = RecordRef;

const workflows = defineRecordCollection<WorkflowSummary, Raw>({
  list: {
    name: 'workflows.list',
    poll: 10_000,
    fetch: async (zone, { signal }) =>
      readRows(zone, 'workflow', listOf(await agent.call(zone, 'workflows.list', { signal })), toWorkflowSummary),
  },
  /** One workflow with its draft spec; polled slowly so a deploy by another client shows. */
  record: {
    name: 'workflows.get',
    poll: 10_000,
    fetch: async (w, { signal }) =>
      recordOf(await agent.call(w.zone, 'workflows.get', { signal, params: { id: w.id } })),
  },
});

export const useWorkflows = workflows.useList;
export const useWorkflow = workflows.useRecord;
export const workflowNameIn = workflows.nameIn;
/** Something about one workflow changed (or may have): its record and the list are read again. */
export const workflowChanged = workflows.changed;
export const workflowsListChanged = workflows.listChanged;
/** A workflow was deleted: its row leaves the list now (the list is read again by the caller). */
export const workflowRemoved = workflows.removed;

/** The zone's other workflow records (the list as last read): the names a create writes under. */
export function workflowRecords(zone: string): Raw[] {
  return workflows.rowsIn(zone).map((w) => w.raw);
}

/** The workflow's own record as the list last read it (the structure an action's body takes). */
export function workflowRecordOf(ref: WorkflowRef): Raw | undefined {
  return workflows.rowsIn(ref.zone).find((w) => w.id === ref.id)?.raw;
}

/**
 * A change returned a workflow record: shown at once (the header follows a deploy) and the list
 * read again. A reply that is not a whole record (an ack, 204) only has the record read again.
 * The draft editor never takes its text from here blindly (editor/workflow-draft.ts syncFromZone).
 */
export function workflowReturned(ref: WorkflowRef, raw: unknown): void {
  const rec = workflowOf(raw);
  // A reply may be part of the record (no draft, no deployment): shown now, then read whole again.
  if (rec && idOf(rec) !== undefined) resources.update(workflows.record, ref, () => rec);
  workflows.changed(ref);
}

/** One workflow record as a summary, read by the zone's dictionary (a details pane's own record). */
export function workflowSummaryIn(zone: string, raw: Raw): WorkflowSummary {
  return toWorkflowSummary(raw, 0, storedReader(zone, 'workflow', raw));
}
