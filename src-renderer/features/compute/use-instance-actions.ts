/**
 * Lifecycle actions, delete and saves of a container or microVM as tasks in the status bar: the
 * call, then waiting for the record's state to settle, so the person sees the resulting state.
 * The task's own note ("Stopping web-1 — done", or failed with the zone's words) is the only
 * toast: a second message here would stack two toasts per action. Opening the console is here
 * too, so the list's row menu and the details pane open it alike.
 */
import type { ZoneView } from '@contract/commands';
import { useConfirmDanger } from '../../components/confirm-danger';
import { ACTION_WORDS, KINDS, type ComputeKind, type LifecycleAction } from './compute-kinds';
import { idOf, stateOf } from '../../lib/tolerant';
import { RECORD_KIND, type InstanceRow } from './compute';
import { deleteInstance, runLifecycle, saveInstance, settleInstance } from './compute-actions';
import { useTasksStore } from '../../state/tasks';
import { useConsolesStore } from '../../state/consoles';
import { usePane } from '../../composables/use-pane';

export function useInstanceActions(kind: ComputeKind, zone: () => ZoneView) {
  const tasks = useTasksStore();
  const { confirm } = useConfirmDanger();
  const consoles = useConsolesStore();
  const pane = usePane();
  const info = KINDS[kind];

  async function act(row: InstanceRow, action: LifecycleAction): Promise<void> {
    const words = ACTION_WORDS[action];
    const z = zone();
    if (words.danger && !(await confirm({ zone: z.name, kind: info.noun, name: row.name, action: words.label })))
      return;
    const a = { zone: z.id, id: row.key };
    await tasks
      .track(
        `${words.doing} ${row.name}`,
        async (t) => {
          await runLifecycle(kind, a, action);
          const end = await settleInstance(kind, a, (s) => t.update({ detail: s }), row.state, words.label);
          t.update({ detail: end.note ?? stateOf(end.record) ?? '' });
        },
        z.id,
      )
      .catch(() => undefined); // the task's note has said it failed, and why
  }

  async function remove(row: InstanceRow): Promise<boolean> {
    const z = zone();
    if (!(await confirm({ zone: z.name, kind: info.noun, name: row.name, action: 'Delete', typeToConfirm: true })))
      return false;
    try {
      await tasks.track(`Deleting ${row.name}`, () => deleteInstance(kind, { zone: z.id, id: row.key }), z.id);
    } catch {
      return false; // the task's note has said it failed, and why
    }
    return true;
  }

  /** Create (no id) or update; resolves with the record once it has settled. */
  async function save(body: Record<string, unknown>, id?: string): Promise<Record<string, unknown>> {
    const z = zone();
    const name = String(body.name ?? id ?? info.noun);
    return tasks.track(
      id ? `Updating ${name}` : `Creating ${name}`,
      async (t) => {
        const rec = await saveInstance(kind, z.id, body, id);
        if (!rec) return {};
        const recId = idOf(rec, RECORD_KIND[kind]) ?? id ?? '';
        if (!recId) return rec;
        const end = await settleInstance(kind, { zone: z.id, id: recId }, (s) => t.update({ detail: s }));
        if (end.note) t.update({ detail: end.note });
        return end.record;
      },
      z.id,
    );
  }

  /** Opens the row's console in the console panel of the pane the screen is in. */
  function openConsole(row: InstanceRow): void {
    consoles.open({ pane: pane.id, zone: zone().id, kind, id: row.key, name: row.name });
  }

  return { act, remove, save, openConsole };
}
