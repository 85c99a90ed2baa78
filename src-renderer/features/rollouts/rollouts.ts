/**
 * The rollouts the agent's engine keeps, for the screen: read once, then kept live by the
 * `rollout.changed` event (the engine goes on with the window closed; a window that opens reads
 * where each stands). Actions go to the same engine the CLI drives.
 */
import { ref } from 'vue';
import type { Rollout, RolloutPlanInput, RolloutPreview } from '@contract/commands-rollouts';
import { listOf } from '@contract/tolerant';
import { agent } from '../../agent';
import { readRows } from '../../data';
import { toWorkflowSummary } from '../workflows';

const rollouts = ref<Rollout[]>([]);
let listening: (() => void) | undefined;

function put(r: Rollout): void {
  const i = rollouts.value.findIndex((x) => x.id === r.id);
  if (i >= 0) rollouts.value.splice(i, 1, r);
  else rollouts.value.push(r);
}

export function useRollouts() {
  listening ??= agent.onEvent('rollout.changed', put);
  return {
    rollouts,
    async load(): Promise<void> {
      rollouts.value = await agent.invoke('rollout.list', {});
    },
    resume: async (id: string) => put(await agent.invoke('rollout.resume', { id })),
    abort: async (id: string) => put(await agent.invoke('rollout.abort', { id })),
    approve: async (id: string, zone?: string) =>
      put(await agent.invoke('rollout.approve', { id, ...(zone ? { zone } : {}) })),
    rollBack: async (id: string, zone: string) => put(await agent.invoke('rollout.rollback', { id, zone })),
  };
}

/** A zone's workflows by name, with their latest version, read through the zone's dictionary: the form's choices. */
export async function workflowChoices(zone: string): Promise<{ id: string; name: string; latest?: number }[]> {
  const rows = readRows(zone, 'workflow', listOf(await agent.call(zone, 'workflows.list')), toWorkflowSummary);
  return rows.flatMap((r) =>
    r.id ? [{ id: r.id, name: r.name, ...(r.latestVersion ? { latest: r.latestVersion } : {}) }] : [],
  );
}

export function previewRollout(plan: RolloutPlanInput): Promise<RolloutPreview> {
  return agent.invoke('rollout.plan', plan);
}

export async function startRollout(plan: RolloutPlanInput, confirmProtected: string[]): Promise<Rollout> {
  const r = await agent.invoke('rollout.start', { ...plan, confirmProtected });
  put(r);
  return r;
}
