/**
 * A rollout as the screen draws it: its stages as columns, each target zone a card with its step
 * in words and the actions the rollout's state allows. Pure: the state comes from the agent.
 */
import type { Rollout, RolloutStep, TargetProgress, TargetStatus } from '@contract/commands-rollouts';

export const STEP_WORDS: Readonly<Record<RolloutStep, string>> = {
  publish: 'Publishing the spec',
  deploy: 'Deploying',
  suite: 'Running the eval suite',
  soak: 'Soaking',
  approval: 'Waiting for approval',
  promote: 'Promoting',
  verify: 'Reading back the primary',
  done: 'Done',
};

export const STATUS_WORDS: Readonly<Record<TargetStatus | Rollout['status'], string>> = {
  waiting: 'Waiting for its stage',
  running: 'Under way',
  paused: 'Paused',
  awaiting_approval: 'Needs approval',
  done: 'Done',
  finished: 'Finished',
  aborted: 'Aborted',
  rolled_back: 'Rolled back',
};

export type Tone = 'default' | 'info' | 'success' | 'warning' | 'error';

export function toneOf(status: TargetStatus | Rollout['status']): Tone {
  if (status === 'done' || status === 'finished') return 'success';
  if (status === 'paused' || status === 'aborted') return 'error';
  if (status === 'awaiting_approval' || status === 'rolled_back') return 'warning';
  if (status === 'running') return 'info';
  return 'default';
}

export interface StageColumn {
  index: number;
  title: string;
  rules: string;
  cards: TargetProgress[];
}

/** "canary at 20 %, suite must pass, soak 3 runs, approval" for a stage's heading. */
function rulesOf(r: Rollout, i: number): string {
  const s = r.plan.stages[i]!;
  const soak = s.soak?.runs ? `soak ${s.soak.runs} runs` : s.soak?.minutes ? `soak ${s.soak.minutes} min` : '';
  return [
    s.canaryWeight === null ? 'straight deploy' : `canary at ${s.canaryWeight} %`,
    s.suiteMustPass ? 'suite must pass' : '',
    soak,
    s.approval ? 'approval' : '',
  ]
    .filter(Boolean)
    .join(', ');
}

export function columnsOf(r: Rollout): StageColumn[] {
  return r.plan.stages.map((_, index) => ({
    index,
    title: `Stage ${index + 1}`,
    rules: rulesOf(r, index),
    cards: r.targets.filter((t) => t.stage === index),
  }));
}

/** What a person may do now: the zone decides the rest (a refusal pauses with its reason). */
export function actionsOf(r: Rollout) {
  const open = r.status !== 'finished' && r.status !== 'aborted';
  return {
    resume: r.status === 'paused',
    abort: open,
    approveAll: r.status === 'awaiting_approval',
  };
}

export function cardActions(r: Rollout, t: TargetProgress) {
  return {
    approve: t.status === 'awaiting_approval',
    // Something of the rollout reached the zone: its version was published there.
    rollBack: t.version !== undefined && t.status !== 'rolled_back' && t.status !== 'running',
  };
}
