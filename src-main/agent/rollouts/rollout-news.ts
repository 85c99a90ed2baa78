/**
 * How a rollout's moves are told: a journal entry per step (names only, as every change is
 * journalled: the zone, the step, the rollout and its workflow), and the notice a person gets
 * when it pauses, waits for approval or finishes, and why a step paused.
 */
import type { Rollout, RolloutNotice, TargetProgress } from '../../contract/commands-rollouts';
import type { JournalEntry } from '../../contract/journal';
import { AgentError } from '../../contract/errors';
import type { RolloutStep } from '../../contract/commands-rollouts';
import type { AgentContext } from '../context';
import { Paused } from './target-steps';

export function journalEntry(
  ctx: AgentContext,
  r: Rollout,
  op: string,
  outcome: 'ok' | 'failed',
  t?: TargetProgress,
): JournalEntry {
  const source = r.plan.source.zone;
  return {
    at: new Date().toISOString(),
    zone: t?.zone ?? source,
    zoneName: t?.zoneName ?? ctx.registry.get(source)?.name ?? source,
    op,
    method: 'STEP',
    kind: 'rollouts',
    targetId: r.id,
    targetName: r.workflowName,
    outcome,
    status: 0,
    ...(outcome === 'failed' ? { code: 'paused' } : {}),
    via: ctx.options.host === 'cli' ? 'cli' : 'app',
  };
}

export function noticeOf(r: Rollout, kind: RolloutNotice['kind']): RolloutNotice {
  const what = `${r.workflowName} v${r.plan.source.version}`;
  const title = {
    finished: `Rollout of ${what} finished`,
    paused: `Rollout of ${what} paused`,
    approval: `Rollout of ${what} waits for approval`,
  }[kind];
  const zones = r.targets.filter((t) => t.status === 'done').length;
  const body = kind === 'finished' ? `It runs in ${zones} zone${zones === 1 ? '' : 's'}.` : (r.reason ?? '');
  return { id: r.id, kind, title, body };
}

/** A failure in words: the zone's own reason for a refusal, else what kept the zone from answering. */
export function reasonOf(err: unknown, zoneName: string, step: RolloutStep): string {
  if (err instanceof Paused) return err.message;
  if (err instanceof AgentError && err.status >= 500) return `${zoneName} failed the ${step} step: ${err.message}`;
  if (err instanceof AgentError && err.status >= 400) return `${zoneName} refused the ${step} step: ${err.message}`;
  if (err instanceof AgentError) return `${zoneName} did not answer during the ${step} step: ${err.message}`;
  return `The ${step} step failed in ${zoneName}: ${(err as Error)?.message ?? String(err)}`;
}
