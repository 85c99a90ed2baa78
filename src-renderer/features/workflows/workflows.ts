/**
 * Workflows of a zone: the list and one workflow with its draft. The editor, versions and
 * production stores build on these and say what they changed through `workflowChanged`.
 */
import { agent } from '../../agent';
import { defineResource, resources, useResource, type ResourceView } from '../../data';
import { idOf, listOf, recordOf, type Raw } from '../../lib/tolerant';
import { toWorkflowSummary, workflowOf, type WorkflowSummary } from './shapes/workflow';

export interface WorkflowRef {
  zone: string;
  id: string;
}

const listResource = defineResource<WorkflowSummary[], string>({
  name: 'workflows.list',
  zone: (zone) => zone,
  poll: 10_000,
  fetch: async (zone, { signal }) =>
    listOf(await agent.call(zone, 'workflows.list', { signal })).map(toWorkflowSummary),
});

/** One workflow with its draft spec; polled slowly so a deploy by another client shows. */
const workflowResource = defineResource<Raw, WorkflowRef>({
  name: 'workflows.get',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  poll: 10_000,
  fetch: async (w, { signal }) => recordOf(await agent.call(w.zone, 'workflows.get', { signal, params: { id: w.id } })),
});

export function useWorkflows(zone: () => string | null): ResourceView<WorkflowSummary[]> {
  return useResource(listResource, zone);
}

export function useWorkflow(ref: () => WorkflowRef | null): ResourceView<Raw> {
  return useResource(workflowResource, ref);
}

/** A workflow's name as the zone's list last read it (for a notification's words); undefined when not read. */
export function workflowNameIn(zone: string, id: string): string | undefined {
  return resources.state(listResource, zone).data?.find((w) => w.id === id)?.name;
}

/** The zone's other workflow records (the list as last read): the names a create writes under. */
export function workflowRecords(zone: string): Raw[] {
  return resources.state(listResource, zone).data?.map((w) => w.raw) ?? [];
}

/**
 * A change returned a workflow record: shown at once (the header follows a deploy) and the list
 * read again. A reply that is not a whole record (an ack, 204) only has the record read again.
 * The draft editor never takes its text from here blindly (editor/workflow-draft.ts syncFromZone).
 */
export function workflowReturned(ref: WorkflowRef, raw: unknown): void {
  const rec = workflowOf(raw);
  // A reply may be part of the record (no draft, no deployment): shown now, then read whole again.
  if (rec && idOf(rec) !== undefined) resources.update(workflowResource, ref, () => rec);
  resources.invalidate({ zone: ref.zone, name: workflowResource.name, parts: [ref.id] });
  resources.invalidate({ zone: ref.zone, name: listResource.name });
}

/** Something about one workflow changed (or may have): its record and the list are read again. */
export function workflowChanged(ref: WorkflowRef): void {
  resources.invalidate({ zone: ref.zone, name: workflowResource.name, parts: [ref.id] });
  resources.invalidate({ zone: ref.zone, name: listResource.name });
}

export function workflowsListChanged(zone: string): void {
  resources.invalidate({ zone, name: listResource.name });
}
