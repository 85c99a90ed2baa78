/**
 * Workspaces of a zone: the list and one workspace with its status and last_error. The CI/CD,
 * credentials, CMS and chat stores build on these and say what they changed through `workspaceChanged`.
 */
import { agent } from '../../agent';
import { defineResource, resources, useResource, type ResourceView } from '../../data';
import { listOf, recordOf } from '../../lib/tolerant';
import { toWorkspaceSummary, type WorkspaceSummary } from './shapes/workspace-record';

export interface WorkspaceRef {
  zone: string;
  id: string;
}

/** Polled, so a workspace another client creates (or one settling out of `creating`) shows by itself. */
const listResource = defineResource<WorkspaceSummary[], string>({
  name: 'workspaces.list',
  zone: (zone) => zone,
  poll: 5_000,
  fetch: async (zone, { signal }) =>
    listOf(await agent.call(zone, 'workspaces.list', { signal })).map(toWorkspaceSummary),
});

const workspaceResource = defineResource<WorkspaceSummary, WorkspaceRef>({
  name: 'workspaces.get',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  poll: 5_000,
  fetch: async (w, { signal }) =>
    toWorkspaceSummary(recordOf(await agent.call(w.zone, 'workspaces.get', { signal, params: { id: w.id } })), 0),
});

export function useWorkspaces(zone: () => string | null): ResourceView<WorkspaceSummary[]> {
  return useResource(listResource, zone);
}

export function useWorkspace(ref: () => WorkspaceRef | null): ResourceView<WorkspaceSummary> {
  return useResource(workspaceResource, ref);
}

/** Something about one workspace changed (or may have): its record and the list are read again. */
export function workspaceChanged(ref: WorkspaceRef): void {
  resources.invalidate({ zone: ref.zone, name: workspaceResource.name, parts: [ref.id] });
  resources.invalidate({ zone: ref.zone, name: listResource.name });
}

/** A workspace's name as the zone's list last read it (for a notification's words); undefined when not read. */
export function workspaceNameIn(zone: string, id: string): string | undefined {
  return resources.state(listResource, zone).data?.find((w) => w.id === id)?.name;
}

/** Records of this zone's workspaces as last read (for writing a create in the names they use). */
export function workspaceRecords(zone: string): unknown[] {
  return (resources.state(listResource, zone).data ?? []).slice(0, 5).map((w) => w.raw);
}

/** One workspace's record as last read, if any. */
export function workspaceRecord(ref: WorkspaceRef): unknown {
  return resources.state(workspaceResource, ref).data?.raw;
}
