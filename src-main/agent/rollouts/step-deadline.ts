/**
 * Every wait of a rollout step has a deadline, so no zone holds a rollout in "running" for ever:
 * a zone call is cut at its timeout (zone-calls.ts); a step that waits for the zone (an eval
 * suite's verdict, a soak's runs) pauses once the plan's wait limit has passed, with the zone and
 * the step in its reason. A person's approval has no deadline: it waits for the person.
 */
import { DEFAULT_WAIT_MINUTES, type Rollout, type RolloutStep } from '../../contract/commands-rollouts';
import type { TargetProgress } from '../../contract/commands-rollouts';
import { Paused, type StepEnv } from './target-steps';

function inWords(ms: number): string {
  return ms < 60_000 ? `${Math.max(1, Math.round(ms / 1000))} s` : `${Math.round(ms / 60_000)} min`;
}

/** How long `step` may wait: the plan's limit, a soak's own minutes on top. */
export function waitLimitMs(r: Rollout, env: Pick<StepEnv, 'stage'>, step: RolloutStep): number {
  const limit = (r.plan.waitMinutes ?? DEFAULT_WAIT_MINUTES) * 60_000;
  return step === 'soak' ? limit + (env.stage.soak?.minutes ?? 0) * 60_000 : limit;
}

function whatIsMissing(t: TargetProgress, env: StepEnv, step: RolloutStep): string {
  const v = `v${t.version ?? '?'}`;
  if (step === 'suite') return `no verdict of the eval suite against ${v}`;
  if (step === 'soak' && env.stage.soak?.runs)
    return `${t.soakRuns ?? 0} of ${env.stage.soak.runs} runs of ${v} settled`;
  return 'the zone is not there yet';
}

/**
 * Called each time a step answers `wait`: starts its clock, or throws Paused once it has waited
 * past the deadline (resume clears the clock, so it waits as long again).
 */
export function waited(env: StepEnv, step: RolloutStep): void {
  const t = env.target;
  if (step === 'approval') return;
  if (!t.waitSince) {
    t.waitSince = new Date(env.now()).toISOString();
    return;
  }
  const limit = waitLimitMs(env.rollout, env, step);
  if (env.now() - Date.parse(t.waitSince) <= limit) return;
  throw new Paused(
    `${env.calls.zoneName} did not finish the ${step} step within ${inWords(limit)}: ` +
      `${whatIsMissing(t, env, step)}. Resume to wait again; Zonedeck reads the zone first.`,
  );
}
