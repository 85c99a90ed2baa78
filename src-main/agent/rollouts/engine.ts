/**
 * The rollout engine: carries each rollout through its stages, a stage's zones together, each
 * zone through its steps (target-steps.ts). It lives in the agent, so it goes on with no window
 * open and the CLI drives the same one. Every move is kept on disk first (rollout-store.ts),
 * journalled and announced (`rollout.changed`). A refusal, a failed suite or run, a zone that does
 * not answer, or the app closing pauses where it stands; a restart brings rollouts back paused,
 * and resume re-reads every zone before it writes anything.
 */
import { randomUUID } from 'node:crypto';
import type {
  Rollout,
  RolloutNotice,
  RolloutPlanInput,
  RolloutStep,
  TargetProgress,
} from '../../contract/commands-rollouts';
import { ROLLOUT_STEPS } from '../../contract/commands-rollouts';
import { AgentError } from '../../contract/errors';
import type { AgentContext } from '../context';
import { rollBack } from './rollback';
import { journalEntry, noticeOf, reasonOf } from './rollout-news';
import { markResumed, pauseFor, pauseStopped } from './rollout-pauses';
import type { RolloutStore } from './rollout-store';
import { RolloutLoops } from './rollout-loops';
import { waited } from './step-deadline';
import { Paused, STEPS, type StepEnv } from './target-steps';
import { CALL_TIMEOUT_MS, ZoneCalls } from './zone-calls';

export interface EngineHooks {
  /** After a write is answered and before its read-back; a throw stops the engine there (a crash, in tests). */
  afterWrite?(zone: string, step: RolloutStep): void | Promise<void>;
  /** Before a rollout is kept on disk; what it awaits holds the save (a slow disk, in tests). */
  beforeSave?(rollout: Rollout): void | Promise<void>;
}

const LIVE = new Set(['running', 'waiting']);
const now = () => new Date().toISOString();

export class RolloutEngine {
  private readonly rollouts = new Map<string, Rollout>();
  private readonly loops = new RolloutLoops((id, err) =>
    this.ctx.log.warn('a rollout stopped on an error', { rollout: id, err }),
  );

  constructor(
    private readonly ctx: AgentContext,
    private readonly store: RolloutStore,
    private readonly tickMs = 2000,
    private readonly hooks: EngineHooks = {},
    private readonly callTimeoutMs = CALL_TIMEOUT_MS,
  ) {
    // What was under way when the app last stopped comes back paused: a person resumes it.
    for (const r of store.loadAll()) {
      if (r.status === 'running') {
        pauseStopped(r, 'Zonedeck stopped while this rollout ran. Resume to go on from where it stood.');
        void this.store.save(r);
      }
      this.rollouts.set(r.id, r);
    }
  }

  list(): Rollout[] {
    return [...this.rollouts.values()];
  }

  get(id: string): Rollout {
    const r = this.rollouts.get(id);
    if (!r) throw new AgentError({ status: 0, code: 'unknown_rollout', message: `There is no rollout “${id}”.` });
    return r;
  }

  async start(plan: RolloutPlanInput, workflowName: string, spec: unknown): Promise<Rollout> {
    const at = now();
    const targets: TargetProgress[] = plan.stages.flatMap((s, stage) =>
      s.zones.map((zone) => ({
        zone,
        zoneName: this.ctx.registry.get(zone)?.name ?? zone,
        stage,
        step: 'publish' as const,
        status: stage === 0 ? ('running' as const) : ('waiting' as const),
        updatedAt: at,
      })),
    );
    const r: Rollout = {
      id: randomUUID(),
      createdAt: at,
      updatedAt: at,
      workflowName,
      spec,
      plan,
      status: 'running',
      stage: 0,
      targets,
    };
    this.rollouts.set(r.id, r);
    await this.changed(r, 'rollout.start', 'ok');
    this.kick(r);
    return r;
  }

  async resume(id: string): Promise<Rollout> {
    const r = this.get(id);
    if (r.status === 'finished' || r.status === 'aborted') return r;
    markResumed(r);
    await this.changed(r, 'rollout.resume', 'ok');
    this.kick(r);
    return r;
  }

  async approve(id: string, zone?: string): Promise<Rollout> {
    const r = this.get(id);
    for (const t of r.targets) {
      if (t.status !== 'awaiting_approval' || (zone && t.zone !== zone)) continue;
      t.approved = true;
      // A paused rollout keeps the approval for when it is resumed.
      t.status = r.status === 'paused' ? 'paused' : 'running';
      if (r.status === 'paused') t.reason = 'Approved: goes on when the rollout is resumed.';
    }
    // Under way again: the loop words a new reason if some zone still waits.
    if (r.status === 'awaiting_approval') {
      r.status = 'running';
      delete r.reason;
    }
    await this.changed(r, 'rollout.approve', 'ok');
    if (r.status === 'running') this.kick(r);
    return r;
  }

  async abort(id: string): Promise<Rollout> {
    const r = this.get(id);
    await this.halt(id);
    if (r.status === 'finished') return r;
    r.status = 'aborted';
    r.reason = 'Aborted: no further step is sent to any zone.';
    for (const t of r.targets) if (t.status !== 'done' && t.status !== 'rolled_back') t.status = 'aborted';
    await this.changed(r, 'rollout.abort', 'ok');
    return r;
  }

  async rollback(id: string, zone: string): Promise<Rollout> {
    const r = this.get(id);
    const t = r.targets.find((x) => x.zone === zone);
    if (!t)
      throw new AgentError({ status: 0, code: 'not_in_rollout', message: `${zone} is no target of this rollout.` });
    await this.halt(id);
    const calls = new ZoneCalls(this.ctx, zone, { timeoutMs: this.callTimeoutMs });
    try {
      t.reason = await rollBack(calls, t);
      t.status = 'rolled_back';
    } catch (err) {
      t.reason = reasonOf(err, calls.zoneName, t.step);
      await this.changed(r, 'rollout.rollback', 'failed', t);
      throw err;
    }
    if (r.status === 'running' || r.status === 'awaiting_approval') {
      r.status = 'paused';
      r.reason = `${t.zoneName} was rolled back. Resume to go on with the other zones.`;
    }
    await this.changed(r, 'rollout.rollback', 'ok', t);
    return r;
  }

  /** The app is closing: every rollout under way stops where it stands, kept as paused. */
  async close(): Promise<void> {
    const live = [...this.rollouts.values()].filter((r) => r.status === 'running');
    await Promise.all(live.map((r) => this.halt(r.id)));
    for (const r of live) {
      pauseStopped(r, 'Zonedeck closed while this rollout ran. Resume to go on from where it stood.');
      await this.changed(r, 'rollout.pause', 'ok');
    }
    await this.store.flush();
  }

  private halt(id: string): Promise<void> {
    return this.loops.halt(id);
  }

  private kick(r: Rollout): void {
    this.loops.kick(
      r.id,
      (stop) => this.run(r, stop),
      () => r.status === 'running',
    );
  }

  private async run(r: Rollout, stop: AbortSignal): Promise<void> {
    while (r.stage < r.plan.stages.length) {
      const mine = r.targets.filter((t) => t.stage === r.stage);
      // Again while any is live: a zone approved or resumed while the others went on joins here.
      const live = mine.filter((t) => LIVE.has(t.status));
      if (live.length) {
        await Promise.all(live.map((t) => this.advance(r, t, stop)));
        if (stop.aborted) return;
        continue;
      }
      // A zone rolled back is out of the rollout; the others go on.
      if (mine.every((t) => t.status === 'done' || t.status === 'rolled_back')) {
        r.stage += 1;
        for (const t of r.targets) if (t.stage === r.stage && t.status === 'waiting') t.status = 'running';
        await this.changed(r, 'rollout.stage', 'ok');
        continue;
      }
      const paused = mine.find((t) => t.status === 'paused');
      const stopsAs = paused ? 'paused' : 'awaiting_approval';
      r.status = stopsAs;
      r.reason = paused
        ? (paused.reason ?? `${paused.zoneName} paused.`)
        : `Waiting for approval in ${mine
            .filter((t) => t.status === 'awaiting_approval')
            .map((t) => t.zoneName)
            .join(', ')}.`;
      await this.changed(r, stopsAs === 'paused' ? 'rollout.pause' : 'rollout.approval', 'ok');
      // Approved or resumed while that was kept on disk: under way again (kick), nothing to tell.
      if (r.status === stopsAs) this.notice(r, stopsAs === 'paused' ? 'paused' : 'approval');
      return;
    }
    r.status = 'finished';
    delete r.reason;
    await this.changed(r, 'rollout.finish', 'ok');
    this.notice(r, 'finished');
  }

  private notice(r: Rollout, kind: RolloutNotice['kind']): void {
    this.ctx.emit('rollout.notice', noticeOf(r, kind));
  }

  private async advance(r: Rollout, t: TargetProgress, stop: AbortSignal): Promise<void> {
    const calls = new ZoneCalls(this.ctx, t.zone, { timeoutMs: this.callTimeoutMs, stop });
    t.status = 'running';
    const env: StepEnv = {
      calls,
      rollout: r,
      target: t,
      stage: r.plan.stages[t.stage]!,
      save: () => this.save(r),
      wrote: async (step) => {
        await this.hooks.afterWrite?.(t.zone, step);
      },
      now: Date.now,
    };
    if (t.step === 'done') t.status = 'done';
    while (!stop.aborted && t.step !== 'done') {
      const step = t.step;
      let outcome;
      try {
        outcome = await STEPS[step](env);
        if (outcome === 'wait') waited(env, step);
      } catch (err) {
        if (stop.aborted) return;
        if (!(err instanceof Paused) && !(err instanceof AgentError)) throw err;
        t.status = 'paused';
        t.reason = reasonOf(err, calls.zoneName, step);
        await this.changed(r, `rollout.${step}`, 'failed', t);
        return;
      }
      if (outcome === 'next') {
        delete t.waitSince;
        t.step = ROLLOUT_STEPS[ROLLOUT_STEPS.indexOf(step) + 1]!;
        if (t.step === 'done') t.status = 'done';
        await this.changed(r, `rollout.${step}`, 'ok', t);
        continue;
      }
      // The approval step marks the target; TypeScript cannot see the step change it.
      if ((t.status as TargetProgress['status']) === 'awaiting_approval') {
        await this.changed(r, 'rollout.approval', 'ok', t);
        return;
      }
      await this.changed(r, `rollout.${step}`, 'ok', t, false);
      await pauseFor(this.tickMs, stop);
    }
  }

  private async save(r: Rollout): Promise<void> {
    r.updatedAt = now();
    await this.hooks.beforeSave?.(r);
    return this.store.save(r);
  }

  /**
   * Journalled (unless a soak's re-check) in the same tick as the change, so a reader who sees the
   * state sees its entry; then kept on disk, then told to every window.
   */
  private async changed(r: Rollout, op: string, outcome: 'ok' | 'failed', t?: TargetProgress, journal = true) {
    if (t) t.updatedAt = now();
    if (journal) this.ctx.journal.note(journalEntry(this.ctx, r, op, outcome, t));
    await this.save(r);
    this.ctx.emit('rollout.changed', r);
  }
}
