/**
 * Workspaces of a zone: the list and one workspace with its status and last_error. The CI/CD,
 * credentials, CMS and chat stores build on these and say what they changed through `workspaceChanged`.
 */
import { agent } from '../../agent';
import { readRows, resources, storedReader } from '../../data';
import { defineRecordCollection, type RecordRef } from '../../composables/zone-records';
import { listOf, recordOf } from '../../lib/tolerant';
import { toWorkspaceSummary, type WorkspaceSummary } from './shapes/workspace-record';

export type WorkspaceRef = RecordRef;

const workspaces = defineRecordCollection<WorkspaceSummary, WorkspaceSummary>({
  /** Polled, so a workspace another client creates (or one settling out of `creating`) shows by itself. */
  list: {
    name: 'workspaces.list',
    poll: 5_000,
    fetch: async (zone, { signal }) =>
      readRows(zone, 'workspace', listOf(await agent.call(zone, 'workspaces.list', { signal })), toWorkspaceSummary),
  },
  record: {
    name: 'workspaces.get',
    poll: 5_000,
    fetch: async (w, { signal }) => {
      const rec = recordOf(await agent.call(w.zone, 'workspaces.get', { signal, params: { id: w.id } }));
      return toWorkspaceSummary(rec, 0, storedReader(w.zone, 'workspace', rec));
    },
  },
});

export const useWorkspaces = workspaces.useList;
export const useWorkspace = workspaces.useRecord;
/** Something about one workspace changed (or may have): its record and the list are read again. */
export const workspaceChanged = workspaces.changed;
export const workspaceNameIn = workspaces.nameIn;
/** The zone's workspace list is read again (after a create or a delete). */
export const workspacesListChanged = workspaces.listChanged;
/** A workspace was deleted: its row leaves the list now (the list is read again by the caller). */
export const workspaceRemoved = workspaces.removed;

/** Records of this zone's workspaces as last read (for writing a create in the names they use). */
export function workspaceRecords(zone: string): unknown[] {
  return workspaces
    .rowsIn(zone)
    .slice(0, 5)
    .map((w) => w.raw);
}

/** One workspace's record as last read, if any. */
export function workspaceRecord(ref: WorkspaceRef): unknown {
  return resources.state(workspaces.record, ref).data?.raw;
}
