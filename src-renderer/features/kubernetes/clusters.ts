/**
 * Kubernetes clusters beyond the list: the versions a zone offers, a cluster's nodes, and the
 * changes (create, rename, scale, delete, rolling upgrade). Creating and upgrading run as tasks
 * that follow the cluster's own record until it settles; every change reads again what it touched.
 */
import { watch } from 'vue';
import { agent } from '../../agent';
import { defineResource, resources, useResource, type ResourceView } from '../../data';
import { isRecord, listOf, pick, recordOf, stateOf, type Raw } from '../../lib/tolerant';
import { infraListChanged, putInfraRow, removeInfraRow } from '../infra-lists';
import { useTasksStore, type TaskHandle } from '../../state/tasks';

export interface ClusterRef {
  zone: string;
  id: string;
}
export interface ClusterVersion {
  version: string;
  default: boolean;
}

/** 0..1 from the cluster's upgrade record, tolerant of a missing or partial one. */
export function upgradeProgress(raw: Raw): number | undefined {
  const u = raw.upgrade;
  if (!isRecord(u)) return undefined;
  if (typeof u.progress_percent === 'number') return Math.min(1, Math.max(0, u.progress_percent / 100));
  if (typeof u.nodes_upgraded === 'number' && typeof u.nodes_total === 'number' && u.nodes_total > 0)
    return u.nodes_upgraded / u.nodes_total;
  return undefined;
}

/** The task's detail line in words: nodes done while upgrading, else the state and version. */
export function clusterProgressText(raw: Raw): string {
  const u = raw.upgrade;
  if (isRecord(u) && typeof u.nodes_upgraded === 'number' && typeof u.nodes_total === 'number')
    return `${u.nodes_upgraded} of ${u.nodes_total} nodes upgraded`;
  const state = stateOf(raw) ?? '';
  const said = state ? state[0]!.toUpperCase() + state.slice(1) : '';
  return typeof raw.version === 'string' ? `${said || 'Version'} ${raw.version}`.trim() : said;
}

const versionsResource = defineResource<ClusterVersion[], string>({
  name: 'kubernetes.versions',
  zone: (zone) => zone,
  fetch: async (zone, { signal }) =>
    listOf(await agent.call(zone, 'kubernetes.versions', { signal })).flatMap((v) => {
      const s = pick(v, 'version', 'name');
      return s ? [{ version: s, default: v.default === true }] : [];
    }),
});

const nodesResource = defineResource<Raw[], ClusterRef>({
  name: 'kubernetes.nodes',
  zone: (c) => c.zone,
  parts: (c) => [c.id],
  fetch: async (c, { signal }) =>
    listOf(await agent.call(c.zone, 'kubernetes.nodes', { signal, params: { id: c.id } })),
});

/**
 * One cluster's record, watched only while a task follows it (hence the steady pace). Each read
 * also updates the cluster's row, so the list and the details pane move with the task.
 */
const clusterResource = defineResource<Raw, ClusterRef>({
  name: 'kubernetes.get',
  zone: (c) => c.zone,
  parts: (c) => [c.id],
  poll: 700,
  async fetch(c, { signal }) {
    const raw = recordOf(await agent.call(c.zone, 'kubernetes.get', { signal, params: { id: c.id } }));
    putInfraRow(c.zone, 'clusters', raw);
    return raw;
  },
});

export function useClusterVersions(zone: () => string | null): ResourceView<ClusterVersion[]> {
  return useResource(versionsResource, zone);
}

/** The nodes, read again whenever `revision` (the cluster's state, version, workers) moves. */
export function useClusterNodes(cluster: () => ClusterRef | null, revision: () => string): ResourceView<Raw[]> {
  const view = useResource(nodesResource, cluster);
  watch(revision, () => {
    const c = cluster();
    if (c) resources.invalidate({ zone: c.zone, name: nodesResource.name, parts: [c.id] });
  });
  return view;
}

/** A change to one cluster happened (or may have): its row, record and nodes are read again. */
function clusterChanged(c: ClusterRef): void {
  infraListChanged(c.zone, 'clusters');
  for (const name of [clusterResource.name, nodesResource.name])
    resources.invalidate({ zone: c.zone, name, parts: [c.id] });
}

/** Follows the cluster until `done(raw)`, the task showing its progress; gives up after `limitMs`. */
function follow(c: ClusterRef, t: TaskHandle, done: (raw: Raw) => boolean, limitMs = 10 * 60_000): Promise<Raw> {
  return resources.until(
    clusterResource,
    c,
    (raw) => {
      const finished = done(raw);
      const p = finished ? 1 : upgradeProgress(raw);
      t.update({ ...(p !== undefined ? { progress: p } : {}), detail: clusterProgressText(raw) });
      return finished;
    },
    limitMs,
  );
}

/** Creates a cluster; provisioning goes on as a task that ends when the cluster runs. */
export async function createCluster(
  zone: string,
  body: { name: string; version?: string; workers?: number },
): Promise<Raw> {
  const created = recordOf(await agent.call(zone, 'kubernetes.create', { body }));
  const id = putInfraRow(zone, 'clusters', created).id;
  infraListChanged(zone, 'clusters');
  if (id)
    void useTasksStore()
      .track(`Create cluster ${body.name}`, (t) => follow({ zone, id }, t, (raw) => stateOf(raw) === 'running'), zone)
      .catch(() => undefined);
  return created;
}

/** Renames or scales; the list, the record and the nodes are read again. */
export async function updateCluster(c: ClusterRef, body: { name?: string; workers?: number }): Promise<void> {
  try {
    putInfraRow(
      c.zone,
      'clusters',
      recordOf(await agent.call(c.zone, 'kubernetes.update', { params: { id: c.id }, body })),
    );
  } finally {
    clusterChanged(c);
  }
}

export async function deleteCluster(c: ClusterRef, key: string): Promise<void> {
  try {
    await agent.call(c.zone, 'kubernetes.delete', { params: { id: c.id } });
    removeInfraRow(c.zone, 'clusters', key);
  } finally {
    infraListChanged(c.zone, 'clusters');
  }
}

/** Starts a rolling upgrade and follows it as a task until the cluster runs the new version. */
export async function upgradeCluster(c: ClusterRef, name: string, version: string): Promise<void> {
  try {
    await agent.call(c.zone, 'kubernetes.upgrade', { params: { id: c.id }, body: { version } });
  } finally {
    clusterChanged(c);
  }
  await useTasksStore().track(
    `Upgrade ${name} to ${version}`,
    (t) => follow(c, t, (raw) => stateOf(raw) === 'running' && raw.version === version && !isRecord(raw.upgrade)),
    c.zone,
  );
}
