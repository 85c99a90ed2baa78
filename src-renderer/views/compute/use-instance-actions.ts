/**
 * Lifecycle actions, delete and saves of a container or microVM as tasks in the status bar: the
 * call, then polling the record until its state settles, so the person sees the resulting state.
 * The task's own note ("Stopping web-1 — done", or failed with the zone's words) is the only
 * toast: a second message here would stack two toasts per action.
 */
import type { ZoneView } from '@contract/commands';
import type { OperationId } from '@contract/operations';
import { agent } from '../../agent';
import { useConfirmDanger } from '../../components/confirm-danger';
import { ACTION_WORDS, KINDS, isSettled, type ComputeKind, type LifecycleAction } from '../../lib/compute-kinds';
import { isRecord } from '../../lib/tolerant';
import { useComputeStore, type InstanceRow } from '../../stores/compute';
import { useTasksStore } from '../../stores/tasks';

const SETTLE_POLL_MS = 400;
const SETTLE_LIMIT_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function useInstanceActions(kind: ComputeKind, zone: () => ZoneView) {
  const store = useComputeStore();
  const tasks = useTasksStore();
  const { confirm } = useConfirmDanger();
  const info = KINDS[kind];

  /** Reads the record until status reaches desired_status; each read updates the list in place. */
  async function settle(id: string, onState: (s: string) => void): Promise<Record<string, unknown>> {
    const z = zone().id;
    const started = Date.now();
    for (;;) {
      const rec = await agent.call(z, `${kind}.get`, { params: { id } });
      if (isRecord(rec)) {
        store.put(kind, z, rec);
        onState(String(rec.status ?? ''));
        if (isSettled(rec)) return rec;
      }
      if (Date.now() - started > SETTLE_LIMIT_MS) throw new Error('The zone did not finish within two minutes; the list keeps showing its state.');
      await sleep(SETTLE_POLL_MS);
    }
  }

  async function act(row: InstanceRow, action: LifecycleAction): Promise<void> {
    const words = ACTION_WORDS[action];
    const z = zone();
    if (words.danger && !(await confirm({ zone: z.name, kind: info.noun, name: row.name, action: words.label }))) return;
    await tasks.track(`${words.doing} ${row.name}`, async (t) => {
      // KINDS offers each kind only the actions it has, so the pair names a real operation.
      const rec = await agent.call(z.id, `${kind}.${action}` as Extract<`${ComputeKind}.${LifecycleAction}`, OperationId>, { params: { id: row.key } });
      if (isRecord(rec)) store.put(kind, z.id, rec);
      const final = await settle(row.key, (s) => t.update({ detail: s }));
      t.update({ detail: String(final.status ?? '') });
    }, z.id).catch(() => undefined); // the task's note has said it failed, and why
  }

  async function remove(row: InstanceRow): Promise<boolean> {
    const z = zone();
    if (!(await confirm({ zone: z.name, kind: info.noun, name: row.name, action: 'Delete', typeToConfirm: true }))) return false;
    try {
      await tasks.track(`Deleting ${row.name}`, () => agent.call(z.id, `${kind}.delete`, { params: { id: row.key } }), z.id);
    } catch {
      return false; // the task's note has said it failed, and why
    }
    store.remove(kind, z.id, row.key);
    return true;
  }

  /** Create (no id) or update; resolves with the record once it has settled. */
  async function save(body: Record<string, unknown>, id?: string): Promise<Record<string, unknown>> {
    const z = zone();
    const name = String(body.name ?? id ?? info.noun);
    return tasks.track(id ? `Updating ${name}` : `Creating ${name}`, async (t) => {
      const rec = await (id ? agent.call(z.id, `${kind}.update`, { params: { id }, body }) : agent.call(z.id, `${kind}.create`, { body }));
      if (!isRecord(rec)) { await store.load(kind, z.id); return {}; }
      store.put(kind, z.id, rec);
      const recId = String(rec.id ?? id ?? '');
      return recId ? settle(recId, (s) => t.update({ detail: s })) : rec;
    }, z.id);
  }

  return { act, remove, save, settle };
}
