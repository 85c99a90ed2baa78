/**
 * A workflow's published versions (the list and one frozen version), its runs still in flight
 * (what stops a delete) and the workflow's delete itself, which a zone refuses with 409 while
 * runs are in flight.
 */
import { agent } from '../../../agent';
import { defineResource, useResource, type ResourceView } from '../../../data';
import { defineRecordResource, recordResourceChanged } from '../../../composables/zone-records';
import { recordOf } from '../../../lib/tolerant';
import { inFlightRunsOf, toVersionRow, versionRowsOf, type RunRow, type VersionRow } from '../shapes/version-record';
import { workflowRemoved, workflowsListChanged, type WorkflowRef } from '../workflows';

export interface VersionRef extends WorkflowRef {
  version: number;
}

const versionsResource = defineRecordResource<VersionRow[]>({
  name: 'workflows.versions.list',
  fetch: async (w, { signal }) =>
    versionRowsOf(await agent.call(w.zone, 'workflows.versions.list', { signal, params: { id: w.id } })),
});

/** Frozen, so read once and kept: later draft edits never change a published version. */
const versionResource = defineResource<VersionRow | undefined, VersionRef>({
  name: 'workflows.versions.get',
  zone: (v) => v.zone,
  parts: (v) => [v.id, v.version],
  fetch: async (v, { signal }) =>
    toVersionRow(
      recordOf(
        await agent.call(v.zone, 'workflows.versions.get', {
          signal,
          params: { id: v.id, version: String(v.version) },
        }),
      ),
    ),
});

const runsInFlightResource = defineRecordResource<RunRow[]>({
  name: 'workflows.runs.inFlight',
  poll: 2_000,
  fetch: async (w, { signal }) =>
    inFlightRunsOf(await agent.call(w.zone, 'workflows.runs', { signal, params: { id: w.id }, query: { limit: 100 } })),
});

export function useVersions(ref: () => WorkflowRef | null): ResourceView<VersionRow[]> {
  return useResource(versionsResource, ref);
}

export function useVersion(ref: () => VersionRef | null): ResourceView<VersionRow | undefined> {
  return useResource(versionResource, ref);
}

export function useRunsInFlight(ref: () => WorkflowRef | null): ResourceView<RunRow[]> {
  return useResource(runsInFlightResource, ref);
}

/** A publish made a new version: the list is read again. */
export function versionsChanged(ref: WorkflowRef): void {
  recordResourceChanged(versionsResource, ref);
}

export async function cancelRun(ref: WorkflowRef, runId: string): Promise<void> {
  try {
    await agent.call(ref.zone, 'workflowRuns.cancel', { params: { id: runId } });
  } finally {
    recordResourceChanged(runsInFlightResource, ref);
  }
}

/** Deletes the workflow; a 409 (runs in flight) is thrown as is for the caller to explain. */
export async function deleteWorkflow(ref: WorkflowRef): Promise<void> {
  try {
    await agent.call(ref.zone, 'workflows.delete', { params: { id: ref.id } });
    workflowRemoved(ref);
  } finally {
    workflowsListChanged(ref.zone);
  }
}
