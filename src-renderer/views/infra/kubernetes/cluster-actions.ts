/**
 * Cluster changes: create, rename, scale, delete, and the rolling upgrade, which runs as a task
 * polling the cluster until it is running at the new version (progress from `upgrade`).
 */
import { agent } from '../../../agent';
import { useInfraStore } from '../../../stores/infra';
import { useTasksStore } from '../../../stores/tasks';
import { isRecord, recordOf, stateOf, type Raw } from '../../../lib/tolerant';

const POLL_MS = 700;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** 0..1 from the cluster's upgrade record, tolerant of a missing or partial one. */
export function upgradeProgress(raw: Raw): number | undefined {
  const u = raw.upgrade;
  if (!isRecord(u)) return undefined;
  if (typeof u.progress_percent === 'number') return Math.min(1, Math.max(0, u.progress_percent / 100));
  if (typeof u.nodes_upgraded === 'number' && typeof u.nodes_total === 'number' && u.nodes_total > 0) return u.nodes_upgraded / u.nodes_total;
  return undefined;
}

/** The task's detail line in words: nodes done while upgrading, else the state and version. */
export function clusterProgressText(raw: Raw): string {
  const u = raw.upgrade;
  if (isRecord(u) && typeof u.nodes_upgraded === 'number' && typeof u.nodes_total === 'number') return `${u.nodes_upgraded} of ${u.nodes_total} nodes upgraded`;
  const state = stateOf(raw) ?? '';
  const said = state ? state[0]!.toUpperCase() + state.slice(1) : '';
  return typeof raw.version === 'string' ? `${said || 'Version'} ${raw.version}`.trim() : said;
}

export function useClusterActions(zone: () => string) {
  const infra = useInfraStore();
  const tasks = useTasksStore();

  async function get(id: string): Promise<Raw> {
    const data = recordOf(await agent.call(zone(), 'kubernetes.get', { params: { id } }));
    infra.upsert(zone(), 'clusters', data);
    return data;
  }

  /** Polls until `done(raw)`; a task shows `progress(raw)`. Gives up after `limitMs`. */
  async function follow(id: string, t: { update(p: { progress?: number; detail?: string }): void }, done: (raw: Raw) => boolean, limitMs = 10 * 60_000): Promise<Raw> {
    const end = Date.now() + limitMs;
    for (;;) {
      const raw = await get(id);
      if (done(raw)) {
        t.update({ progress: 1, detail: clusterProgressText(raw) });
        return raw;
      }
      const p = upgradeProgress(raw);
      t.update({ ...(p !== undefined ? { progress: p } : {}), detail: clusterProgressText(raw) });
      if (Date.now() > end) throw new Error('The cluster is taking longer than expected; check it again later.');
      await sleep(POLL_MS);
    }
  }

  async function create(body: { name: string; version?: string; workers?: number }): Promise<Raw> {
    const created = recordOf(await agent.call(zone(), 'kubernetes.create', { body }));
    const row = infra.upsert(zone(), 'clusters', created);
    const id = row.id;
    if (!id) return created;
    // Provisioning continues in the background; the task ends when the cluster runs.
    void tasks.track(`Create cluster ${body.name}`, (t) => follow(id, t, (raw) => stateOf(raw) === 'running'), zone()).catch(() => undefined);
    return created;
  }

  async function update(id: string, body: { name?: string; workers?: number }): Promise<Raw> {
    const data = recordOf(await agent.call(zone(), 'kubernetes.update', { params: { id }, body }));
    infra.upsert(zone(), 'clusters', data);
    return data;
  }

  async function remove(id: string, key: string): Promise<void> {
    await agent.call(zone(), 'kubernetes.delete', { params: { id } });
    infra.remove(zone(), 'clusters', key);
  }

  async function upgrade(id: string, name: string, version: string): Promise<void> {
    await agent.call(zone(), 'kubernetes.upgrade', { params: { id }, body: { version } });
    await tasks.track(`Upgrade ${name} to ${version}`, (t) =>
      follow(id, t, (raw) => stateOf(raw) === 'running' && raw.version === version && !isRecord(raw.upgrade)), zone());
  }

  return { create, update, remove, upgrade, get };
}
