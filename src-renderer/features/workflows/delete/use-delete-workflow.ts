/**
 * Deleting a workflow: typed confirmation, then the delete; a refusal because runs are in flight
 * (409) is kept as `blocked` for DeleteBlocked to explain, rather than shown as a bare error.
 */
import { ref } from 'vue';
import { useMessage } from '../../../composables/feedback';
import type { ZoneView } from '@contract/commands';
import type { AgentErrorData } from '@contract/errors';
import { useConfirmDanger } from '../../../components/confirm-danger';
import { smallPrint, toErrorData } from '../../../lib/errors';
import { inFlightCountOf } from '../shapes/version-record';
import { deleteWorkflow } from '../versions/workflow-versions';
import type { WorkflowRef } from '../workflows';

export interface DeleteRefusal {
  error: AgentErrorData;
  /** How many runs the zone said are in flight, when it said. */
  count: number | undefined;
}

export function useDeleteWorkflow(
  zone: () => ZoneView,
  wref: () => WorkflowRef,
  name: () => string,
  deleted: () => void,
) {
  const { confirm } = useConfirmDanger();
  const message = useMessage();
  const busy = ref(false);
  const blocked = ref<DeleteRefusal | null>(null);

  /** Deletes now (the person already confirmed); true when it went. */
  async function attempt(): Promise<boolean> {
    busy.value = true;
    try {
      await deleteWorkflow(wref());
      blocked.value = null;
      message.success(`Deleted ${name()}.`);
      deleted();
      return true;
    } catch (e) {
      const err = toErrorData(e);
      if (err.status === 409) blocked.value = { error: err, count: inFlightCountOf(err.details) };
      else message.error(`${err.message} (${smallPrint(err)})`, { duration: 8000 });
      return false;
    } finally {
      busy.value = false;
    }
  }

  async function start(): Promise<void> {
    const ok = await confirm({
      zone: zone().name,
      kind: 'workflow',
      name: name(),
      action: 'Delete',
      typeToConfirm: true,
      detail: `This deletes the workflow ${name()} in zone ${zone().name}: its draft, every published version, its deployment, eval cases and run history.`,
    });
    if (ok) await attempt();
  }

  return {
    busy,
    blocked,
    start,
    retry: attempt,
    dismiss: () => (blocked.value = null),
  };
}
