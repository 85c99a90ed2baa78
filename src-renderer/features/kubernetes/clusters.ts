/**
 * Kubernetes clusters beyond the list: the versions a zone offers, a cluster's nodes, and the
 * changes (create, rename, scale, delete, rolling upgrade). Creating and upgrading run as tasks
 * that follow the cluster's own record until it settles; every change reads again what it touched.
 */
import { watch } from 'vue';
import { agent } from '../../agent';
import { defineResource, resources, storedReader, useResource, type ResourceView } from '../../data';
import { listOf, recordOf, type Raw } from '../../lib/tolerant';
import { clusterVersionIn, infraListChanged, putInfraRow, removeInfraRow } from '../infra-lists';
import { classify, normalWord, toneOf } from '@contract/state-vocabulary';
import { useTasksStore, type TaskHandle } from '../../state/tasks';
import {
  createClusterBody,
  offeredVersionOf,
  updateClusterBody,
  upgradeClusterBody,
  upgradeOf,
  type ClusterVersion,
} from './shapes/cluster';

export type { ClusterVersion };

export interface ClusterRef {
  zone: string;
  id: string;
}

/** 0..1 from the cluster's upgrade record, tolerant of a missing or partial one. */
export function upgradeProgress(raw: Raw): number | undefined {
  const u = upgradeOf(raw);
  if (!u) return undefined;
  if (u.percent !== undefined) return Math.min(1, Math.max(0, u.percent / 100));
  if (u.nodesDone !== undefined && u.nodesTotal !== undefined && u.nodesTotal > 0) return u.nodesDone / u.nodesTotal;
  return undefined;
}

/**
 * A cluster's state as the zone's dictionary reads it (the field read for the zone's clusters, in
 * its own words and case: `running`, `Running`, `ACTIVE`), never a list of usual names.
 */
export function clusterState(zone: string, raw: Raw): string | undefined {
  return storedReader(zone, 'cluster', raw).state(raw);
}

/** The task's detail line in words: nodes done while upgrading, else the state and version. */
export function clusterProgressText(raw: Raw, state = ''): string {
  const u = upgradeOf(raw);
  if (u?.nodesDone !== undefined && u.nodesTotal !== undefined)
    return `${u.nodesDone} of ${u.nodesTotal} nodes upgraded`;
  const said = state ? state[0]!.toUpperCase() + state.slice(1) : '';
  const version = clusterVersionIn(raw);
  return version !== undefined ? `${said || 'Version'} ${version}`.trim() : said;
}

const versionsResource = defineResource<ClusterVersion[], string>({
  name: 'kubernetes.versions',
  zone: (zone) => zone,
  fetch: async (zone, { signal }) =>
    listOf(await agent.call(zone, 'kubernetes.versions', { signal })).flatMap((v) => offeredVersionOf(v) ?? []),
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
      t.update({
        ...(p !== undefined ? { progress: p } : {}),
        detail: clusterProgressText(raw, clusterState(c.zone, raw)),
      });
      return finished;
    },
    limitMs,
  );
}

/**
 * Creates a cluster; provisioning goes on as a task that ends when the cluster runs. Gives the new
 * cluster's id, as the zone's dictionary reads it (undefined when the reply names none).
 */
export async function createCluster(
  zone: string,
  body: { name: string; version?: string; workers?: number },
): Promise<string | undefined> {
  const w = createClusterBody(body);
  const created = recordOf(await agent.call(zone, 'kubernetes.create', { body: w.values, words: { body: w.words } }));
  const id = putInfraRow(zone, 'clusters', created).id;
  infraListChanged(zone, 'clusters');
  if (id)
    void useTasksStore()
      .track(
        `Create cluster ${body.name}`,
        (t) => follow({ zone, id }, t, (raw) => clusterUp(clusterState(zone, raw))),
        zone,
      )
      .catch(() => undefined);
  return id;
}

/** Renames or scales; the list, the record and the nodes are read again. */
export async function updateCluster(c: ClusterRef, body: { name?: string; workers?: number }): Promise<void> {
  const w = updateClusterBody(body);
  try {
    putInfraRow(
      c.zone,
      'clusters',
      recordOf(
        await agent.call(c.zone, 'kubernetes.update', {
          params: { id: c.id },
          body: w.values,
          words: { body: w.words },
        }),
      ),
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
    const w = upgradeClusterBody(version);
    await agent.call(c.zone, 'kubernetes.upgrade', { params: { id: c.id }, body: w.values, words: { body: w.words } });
  } finally {
    clusterChanged(c);
  }
  await useTasksStore().track(
    `Upgrade ${name} to ${version}`,
    (t) =>
      follow(
        c,
        t,
        (raw) => clusterUp(clusterState(c.zone, raw)) && clusterVersionIn(raw) === version && !upgradeOf(raw),
      ),
    c.zone,
  );
}

/**
 * Whether a cluster is up, by the one state vocabulary: at rest in a word it knows for up
 * (`running`, `Running`, `RUNNING`, `active`, `ready` …). A word it does not know is not taken as down.
 */
export function clusterUp(state: string | undefined): boolean {
  return classify(state) === 'settled' && toneOf(state) === 'success';
}

/**
 * Whether a cluster's kubeconfig may be asked for: unless its state positively rules it out
 * (being made, going away, failed); an upgrade keeps it serving, and an unknown word is left to
 * the zone to refuse.
 */
export function kubeconfigReady(state: string | undefined): boolean {
  const c = classify(state);
  if (c === 'failed') return false;
  return c !== 'progress' || /^upgrad/.test(normalWord(state ?? ''));
}
