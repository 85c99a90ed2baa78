/**
 * The run status of each node as a reactive value of its own. A run publishes a new status record
 * with every batch of events; read whole by each card, every batch re-checked 500 cards (~2 ms of
 * Vue's bookkeeping a frame at 100 events a second). Here the record is compared once, in plain
 * code, and only the nodes whose status changed notify their card.
 */
import { type ShallowRef, shallowRef, watch } from 'vue';
import type { NodeStatus } from './graph-state';

export function useNodeStatuses(
  status: () => Readonly<Record<string, NodeStatus>> | undefined,
): (id: string) => NodeStatus | undefined {
  const byId = new Map<string, ShallowRef<NodeStatus | undefined>>();
  let current: Readonly<Record<string, NodeStatus>> = {};
  watch(
    status,
    (next = {}) => {
      current = next;
      for (const [id, r] of byId) if (r.value !== next[id]) r.value = next[id];
    },
    { immediate: true },
  );
  return (id) => {
    let r = byId.get(id);
    if (!r) byId.set(id, (r = shallowRef(current[id])));
    return r.value;
  };
}
