/**
 * Workflows of a zone: the list and one workflow with its draft. The editor, versions and
 * production stores build on these and say what they changed through `workflowChanged`.
 */
import { agent } from '../agent';
import { defineResource, resources, useResource, type ResourceView } from '../data';
import { listOf, recordOf, type Raw } from '../lib/tolerant';
import { toWorkflowSummary, type WorkflowSummary } from '../lib/workflow-record';

export interface WorkflowRef {
  zone: string;
  id: string;
}

const listResource = defineResource<WorkflowSummary[], string>({
  name: 'workflows.list',
  zone: (zone) => zone,
  poll: 10_000,
  fetch: async (zone) => listOf(await agent.call(zone, 'workflows.list')).map(toWorkflowSummary),
});

/** One workflow with its draft spec; polled slowly so a deploy by another client shows. */
const workflowResource = defineResource<Raw, WorkflowRef>({
  name: 'workflows.get',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  poll: 10_000,
  fetch: async (w) => recordOf(await agent.call(w.zone, 'workflows.get', { params: { id: w.id } })),
});

export function useWorkflows(zone: () => string | null): ResourceView<WorkflowSummary[]> {
  return useResource(listResource, zone);
}

export function useWorkflow(ref: () => WorkflowRef | null): ResourceView<Raw> {
  return useResource(workflowResource, ref);
}

/** A change returned the workflow's new record: shown at once, the list read again. */
export function workflowReturned(ref: WorkflowRef, raw: unknown): void {
  const rec = recordOf(raw);
  if (Object.keys(rec).length) resources.update(workflowResource, ref, () => rec);
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
