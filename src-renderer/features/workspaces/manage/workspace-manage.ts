/**
 * Creating, renaming and deleting workspaces, and following one while it is `creating`: a record
 * polled every second only while the status says creating, so progress ends promptly; when it
 * settles the workspace's record and the list are read again.
 */
import { agent } from '../../../agent';
import { defineResource, resources, storedReader, useResource, type ResourceView } from '../../../data';
import { idOf, recordOf } from '../../../lib/tolerant';
import {
  createFields,
  keptName,
  nameWords,
  workspaceNameOf,
  WS_CICD,
  WS_NEW_REPO,
  WS_REPO,
  WS_SERVER,
} from '../shapes/workspace';
import { worded, type Worded } from '../../../shapes/words';
import { toWorkspaceSummary, type WorkspaceSummary } from '../shapes/workspace-record';
import { reposChanged } from '../../applications';
import {
  workspaceChanged,
  workspaceRecord,
  workspaceRecords,
  workspaceRemoved,
  workspacesListChanged,
  type WorkspaceRef,
} from '../workspaces';

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

/**
 * The body: the name and the kind (not shown by the spec) under the names the zone's other
 * workspaces use; the spec's own inputs (repo_full_name | new_repo, enable_cicd with
 * deploy_server_id) by their names, all in one write shaped as the zone's records are (a
 * Kubernetes `spec`, a JSON:API resource object, its key style).
 */
export function createBody(
  d: WorkspaceDraft,
  like: unknown = [],
  nameKey?: string,
): { body: Record<string, unknown>; words: Worded } {
  // Name and kind in the zone's own names where ours are not its (createFields).
  const { name, kind } = createFields(Array.isArray(like) ? like : [like], nameKey);
  const words = worded(
    [
      [name, d.name],
      [kind, d.template || undefined],
      [WS_REPO, d.repoFullName || undefined],
      [WS_NEW_REPO, d.repoFullName ? undefined : d.newRepo],
      [WS_CICD, d.deployServerId ? true : undefined],
      [WS_SERVER, d.deployServerId || undefined],
    ],
    like,
  );
  return { body: words.values, words };
}

const readWorkspace = async (ref: WorkspaceRef) =>
  recordOf(await agent.call(ref.zone, 'workspaces.get', { params: { id: ref.id } }));

/** The created record: at the top of the reply or one envelope down ({workspace: {...}}). */
function createdOf(reply: unknown): Record<string, unknown> {
  const top = recordOf(reply);
  if (idOf(top, 'workspace')) return top;
  for (const k of ['workspace', 'data', 'item']) {
    const inner = recordOf(top[k]);
    if (idOf(inner, 'workspace')) return inner;
  }
  return top;
}

export interface Created extends WorkspaceSummary {
  /** Said when the zone did not keep the name typed, even after a rename in its own record's words. */
  nameNote?: string;
}

/**
 * Creates the workspace; its summary as the zone answered (status `creating` as a rule). The name
 * typed is checked in the reply (or a read-back): a zone that dropped it is asked once more with a
 * rename under the field its own record shows, and what it kept is said when it still differs.
 */
export async function createWorkspace(zone: string, d: WorkspaceDraft): Promise<Created> {
  try {
    const like = workspaceRecords(zone);
    // The field the zone's dictionary reads its workspaces' names by (a tie broken by its other kinds).
    const named = storedReader(zone, 'workspace', like[0]).paths.name;
    const nameKey = named?.length === 1 && typeof named[0] === 'string' ? named[0] : undefined;
    const { body, words } = createBody(d, like, nameKey);
    let rec = createdOf(await agent.call(zone, 'workspaces.create', { body, words: { body: words.words } }));
    const id = idOf(rec, 'workspace');
    let nameNote: string | undefined;
    if (id && !keptName(rec, d.name)) {
      const ref = { zone, id };
      rec = await readWorkspace(ref).catch(() => rec);
      if (!keptName(rec, d.name)) {
        await renameIn(ref, d.name, rec).catch(() => undefined);
        rec = await readWorkspace(ref).catch(() => rec);
        const kept = workspaceNameOf(rec);
        if (!keptName(rec, d.name))
          nameNote = kept
            ? `The zone kept the name “${kept}”, not “${d.name}”.`
            : `The zone’s record shows no name; “${d.name}” was not kept.`;
      }
    }
    const w: Created = toWorkspaceSummary(rec, 0, storedReader(zone, 'workspace', rec));
    if (w.id) resources.update(progressResource, { zone, id: w.id }, () => w);
    if (nameNote) w.nameNote = nameNote;
    return w;
  } finally {
    workspacesListChanged(zone);
    // A new repository is registered with the workspace.
    if (d.newRepo) reposChanged(zone);
  }
}

/** A rename, the name under the field the workspace's own record uses. */
async function renameIn(ref: WorkspaceRef, name: string, like: unknown): Promise<void> {
  const w = nameWords(name, like);
  await agent.call(ref.zone, 'workspaces.rename', { params: { id: ref.id }, body: w.values, words: { body: w.words } });
}

export async function renameWorkspace(ref: WorkspaceRef, name: string): Promise<void> {
  try {
    await renameIn(ref, name, workspaceRecord(ref));
  } finally {
    workspaceChanged(ref);
  }
}

export async function deleteWorkspace(ref: WorkspaceRef): Promise<void> {
  try {
    await agent.call(ref.zone, 'workspaces.delete', { params: { id: ref.id } });
    workspaceRemoved(ref);
  } finally {
    workspacesListChanged(ref.zone);
  }
}

/** Polled each second while creating, then no more (the 5 s polls of the record and list take over). */
const progressResource = defineResource<WorkspaceSummary, WorkspaceRef>({
  name: 'workspaces.progress',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  poll: (w) => (w === undefined || w.status === 'creating' ? 1_000 : null),
  fetch: async (w, { previous, signal }) => {
    const rec = recordOf(await agent.call(w.zone, 'workspaces.get', { signal, params: { id: w.id } }));
    const now = toWorkspaceSummary(rec, 0, storedReader(w.zone, 'workspace', rec));
    if (previous?.status === 'creating' && now.status !== 'creating') workspaceChanged(w);
    return now;
  },
});

/** The workspace's record, fast while it is being created. */
export function useCreationProgress(ref: () => WorkspaceRef | null): ResourceView<WorkspaceSummary> {
  return useResource(progressResource, ref);
}
