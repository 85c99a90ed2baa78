/**
 * Creating, renaming and deleting workspaces, and following one while it is `creating`: a record
 * polled every second only while the status says creating, so progress ends promptly; when it
 * settles the workspace's record and the list are read again.
 */
import { agent } from '../agent';
import { defineResource, resources, useResource, type ResourceView } from '../data';
import { recordOf } from '../lib/tolerant';
import { toWorkspaceSummary, type WorkspaceSummary } from '../lib/workspace-record';
import { reposChanged } from './repos';
import { workspaceChanged, type WorkspaceRef } from './workspaces';

export interface WorkspaceDraft {
  name: string;
  /** Bind this registered repository (owner/name)… */
  repoFullName?: string;
  /** …or create a fresh one of this name on the connected account. */
  newRepo?: string;
  /** store | cms | blank; a zone that ignores it picks its own. */
  template?: string;
  /** Enable CI/CD on this deploy server (absent: CI/CD off). */
  deployServerId?: string;
}

/** The body the spec names: repo_full_name | new_repo, enable_cicd with deploy_server_id. */
export function createBody(d: WorkspaceDraft): Record<string, unknown> {
  return {
    name: d.name,
    ...(d.repoFullName ? { repo_full_name: d.repoFullName } : { new_repo: d.newRepo }),
    ...(d.template ? { template: d.template } : {}),
    ...(d.deployServerId ? { enable_cicd: true, deploy_server_id: d.deployServerId } : {}),
  };
}

/** Creates the workspace; its summary as the zone answered (status `creating` as a rule). */
export async function createWorkspace(zone: string, d: WorkspaceDraft): Promise<WorkspaceSummary> {
  try {
    const w = toWorkspaceSummary(recordOf(await agent.call(zone, 'workspaces.create', { body: createBody(d) })), 0);
    if (w.id) resources.update(progressResource, { zone, id: w.id }, () => w);
    return w;
  } finally {
    resources.invalidate({ zone, name: 'workspaces.list' });
    // A new repository is registered with the workspace.
    if (d.newRepo) reposChanged(zone);
  }
}

export async function renameWorkspace(ref: WorkspaceRef, name: string): Promise<void> {
  try {
    await agent.call(ref.zone, 'workspaces.rename', { params: { id: ref.id }, body: { name } });
  } finally {
    workspaceChanged(ref);
  }
}

export async function deleteWorkspace(ref: WorkspaceRef): Promise<void> {
  try {
    await agent.call(ref.zone, 'workspaces.delete', { params: { id: ref.id } });
  } finally {
    resources.invalidate({ zone: ref.zone, name: 'workspaces.list' });
  }
}

/** Polled each second while creating, then no more (the 5 s polls of the record and list take over). */
const progressResource = defineResource<WorkspaceSummary, WorkspaceRef>({
  name: 'workspaces.progress',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  poll: (w) => (w === undefined || w.status === 'creating' ? 1_000 : null),
  fetch: async (w, { previous }) => {
    const now = toWorkspaceSummary(recordOf(await agent.call(w.zone, 'workspaces.get', { params: { id: w.id } })), 0);
    if (previous?.status === 'creating' && now.status !== 'creating') workspaceChanged(w);
    return now;
  },
});

/** The workspace's record, fast while it is being created. */
export function useCreationProgress(ref: () => WorkspaceRef | null): ResourceView<WorkspaceSummary> {
  return useResource(progressResource, ref);
}
