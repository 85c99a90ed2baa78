/**
 * One target's steps, each "read the zone, write only what it does not hold yet, read back": so a
 * step run again after a restart or a resume finds its write already there and moves on, and a
 * write is never sent twice. A step answers `next` (confirmed), `wait` (the zone is not there yet:
 * a soak under way, a person's approval) or throws Paused with the reason in words.
 */
import type { RolloutStep, StagePlan, TargetProgress } from '../../contract/commands-rollouts';
import type { Rollout } from '../../contract/commands-rollouts';
import { canonSpec, draftOf, runnersOf, runsOf, suiteOf, suitesOf, versionNumberOf } from './workflow-facts';
import type { SuiteVerdict } from './workflow-facts';
import type { ZoneCalls } from './zone-calls';

export class Paused extends Error {}

export type StepOutcome = 'next' | 'wait';

export interface StepEnv {
  calls: ZoneCalls;
  rollout: Rollout;
  target: TargetProgress;
  stage: StagePlan;
  /** Keeps the target's progress on disk before a write that depends on it. */
  save(): Promise<void>;
  /** Called after each write is answered, before its read-back (a test stops the engine here). */
  wrote(step: RolloutStep): Promise<void>;
  now(): number;
}

const v = (t: TargetProgress) => `v${t.version ?? '?'}`;

function workflowId(env: StepEnv): string {
  const id = env.target.workflowId;
  if (!id) throw new Paused(`Zonedeck lost track of the workflow in ${env.calls.zoneName}; resume to find it again.`);
  return id;
}

/** The number of the target's version whose frozen spec is the source's, if one is published. */
async function heldVersion(env: StepEnv, id: string): Promise<number | undefined> {
  const want = canonSpec(env.rollout.spec);
  const listed = await env.calls.versions(id);
  const numbered = listed
    .map((rec) => ({ rec, n: versionNumberOf(rec) }))
    .filter((x): x is { rec: (typeof listed)[number]; n: number } => x.n !== undefined)
    .sort((a, b) => b.n - a.n);
  for (const { rec, n } of numbered) {
    const spec = draftOf(rec)?.spec ?? draftOf(await env.calls.version(id, n))?.spec;
    if (spec !== undefined && canonSpec(spec) === want) return n;
  }
  return undefined;
}

async function publish(env: StepEnv): Promise<StepOutcome> {
  const { calls, target: t, rollout: r } = env;
  if (!t.workflowId) {
    const found = await calls.findByName(r.workflowName);
    t.workflowId = found?.id ?? (await calls.create(r.workflowName, r.spec));
    if (!found) await env.wrote('publish');
    if (!t.workflowId) throw new Paused(`${calls.zoneName} created ${r.workflowName} but did not say its id.`);
    await env.save();
  }
  const id = t.workflowId;
  const held = await heldVersion(env, id);
  if (held !== undefined) {
    t.version = held;
    return 'next';
  }
  const own = await calls.workflow(id);
  if (canonSpec(draftOf(own)?.spec) !== canonSpec(r.spec)) {
    await calls.writeDraft(id, own, r.spec);
    await env.wrote('publish');
    const back = draftOf(await calls.workflow(id))?.spec;
    if (canonSpec(back) !== canonSpec(r.spec))
      throw new Paused(`${calls.zoneName} keeps a draft that differs from the source's version after the write.`);
  }
  await calls.publish(id);
  await env.wrote('publish');
  t.version = await heldVersion(env, id);
  if (t.version === undefined)
    throw new Paused(`${calls.zoneName} published, but none of its versions holds the source's spec.`);
  return 'next';
}

async function deploy(env: StepEnv): Promise<StepOutcome> {
  const { calls, target: t, stage } = env;
  const id = workflowId(env);
  const runners = runnersOf(await calls.workflow(id));
  if (t.previousPrimary === undefined) {
    t.previousPrimary = runners.primary ?? null;
    await env.save();
  }
  if (runners.primary === t.version) return 'next';
  // A canary runs beside a primary: with none deployed, the version goes straight in.
  const asCanary = stage.canaryWeight !== null && runners.primary !== undefined;
  if (asCanary && runners.canary === t.version) return 'next';
  if (asCanary) await calls.canary(id, t.version!, stage.canaryWeight!);
  else await calls.deploy(id, t.version!);
  await env.wrote('deploy');
  const back = runnersOf(await calls.workflow(id));
  const holds = asCanary ? back.canary === t.version : back.primary === t.version;
  if (!holds && back.shown)
    throw new Paused(
      `${calls.zoneName} took the ${asCanary ? 'canary' : 'deploy'} of ${v(t)}, but does not show it running.`,
    );
  return 'next';
}

/** A verdict: next when it passed, else Paused with the failed cases (a resume then asks anew). */
function judged(env: StepEnv, verdict: SuiteVerdict): StepOutcome {
  const { calls, target: t } = env;
  delete t.suiteAsked;
  if (verdict.passed) return 'next';
  const why = verdict.failures.length ? `: ${verdict.failures.join('; ')}` : '.';
  throw new Paused(`The eval suite against ${v(t)} did not pass in ${calls.zoneName}${why}`);
}

/** Of this version's suites, the one the target asked for: not among those listed before it asked. */
function askedFor(mine: SuiteVerdict[], asked: NonNullable<TargetProgress['suiteAsked']>) {
  if (mine.some((s) => s.id)) return mine.find((s) => s.id && !asked.before.includes(s.id));
  return mine.length > asked.count ? mine[0] : undefined;
}

/**
 * Runs the suite once and waits for its verdict: a zone that answers the run without one lists it
 * later. Asked already (a restart, a tick, a resume), the zone's list is read, never a second run
 * sent, unless a resume finds the zone lists no such run at all.
 */
async function suite(env: StepEnv): Promise<StepOutcome> {
  const { calls, target: t, stage } = env;
  if (!stage.suiteMustPass) return 'next';
  const id = workflowId(env);
  const asked = t.suiteAsked;
  // Before the first ask a zone with no list of results still gets its run (its reply judges).
  const listed = asked ? await calls.suites(id) : await calls.suites(id).catch(() => undefined);
  const mine = suitesOf(listed).filter((s) => s.version === undefined || s.version === t.version);
  if (asked) {
    const fresh = askedFor(mine, asked);
    if (fresh?.decided) return judged(env, fresh);
    if (fresh || !asked.again) return 'wait';
  }
  t.suiteAsked = { before: mine.flatMap((s) => (s.id ? [s.id] : [])).slice(0, 200), count: mine.length };
  await env.save();
  const runners = runnersOf(await calls.workflow(id));
  const against = runners.canary === t.version ? 'canary' : 'primary';
  const reply = suiteOf(await calls.runSuite(id, against));
  await env.wrote('suite');
  return reply?.decided ? judged(env, reply) : 'wait';
}

async function soak(env: StepEnv): Promise<StepOutcome> {
  const { calls, target: t, stage } = env;
  const rule = stage.soak;
  if (!rule || (!rule.runs && !rule.minutes)) return 'next';
  if (!t.soakSince) {
    t.soakSince = new Date(env.now()).toISOString();
    await env.save();
  }
  const since = Date.parse(t.soakSince);
  const runs = runsOf(await calls.runs(workflowId(env))).filter(
    (run) => (run.createdAt === undefined || run.createdAt >= since) && run.version === t.version,
  );
  const failed = runs.find((run) => run.state === 'failed');
  if (failed)
    throw new Paused(`A run of ${v(t)} failed during the soak in ${calls.zoneName}: ${failed.error ?? failed.word}.`);
  t.soakRuns = runs.filter((run) => run.state === 'settled').length;
  const enoughRuns = !rule.runs || t.soakRuns >= rule.runs;
  const enoughTime = !rule.minutes || env.now() - since >= rule.minutes * 60_000;
  return enoughRuns && enoughTime ? 'next' : 'wait';
}

async function approval(env: StepEnv): Promise<StepOutcome> {
  if (!env.stage.approval || env.target.approved) return 'next';
  env.target.status = 'awaiting_approval';
  return 'wait';
}

async function promote(env: StepEnv): Promise<StepOutcome> {
  const { calls, target: t } = env;
  const id = workflowId(env);
  const runners = runnersOf(await calls.workflow(id));
  if (runners.primary === t.version) return 'next';
  if (runners.canary !== t.version && runners.shown)
    throw new Paused(`No canary of ${v(t)} runs in ${calls.zoneName} any more, so there is nothing to promote.`);
  await calls.promote(id);
  await env.wrote('promote');
  return 'next';
}

async function verify(env: StepEnv): Promise<StepOutcome> {
  const { calls, target: t } = env;
  const runners = runnersOf(await calls.workflow(workflowId(env)));
  if (runners.primary === t.version) return 'next';
  if (!runners.shown)
    throw new Paused(`${calls.zoneName} does not show which version runs, so ${v(t)} is unconfirmed.`);
  throw new Paused(`${calls.zoneName} runs v${runners.primary ?? 'none'} as primary, not ${v(t)}.`);
}

export const STEPS: Readonly<Record<Exclude<RolloutStep, 'done'>, (env: StepEnv) => Promise<StepOutcome>>> = {
  publish,
  deploy,
  suite,
  soak,
  approval,
  promote,
  verify,
};
