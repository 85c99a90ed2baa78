/**
 * The run engine: walks a run's nodes one per tick (~200 ms real), parks at approval nodes until a
 * decision arrives, and records every move as a numbered event so the SSE stream can replay from a
 * Last-Event-ID and then follow live. Timers are unref'd and cleared on reset.
 */
import type { World } from '../core/types';
import { iso } from '../kit/clock';
import { conflict } from '../kit/http';
import { inFlight, type Run, type RunEvent, type Step } from './model';
import { applyNode, executionOrder, type SpecNode } from './spec';

export const STEP_MS = 200;

export class RunEngine {
  private readonly live = new Set<Run>();
  /** Each run's execution order, worked out once: a 500-node spec's order took ~2 ms per step. */
  private readonly orders = new WeakMap<Run, SpecNode[]>();

  constructor(private readonly world: World) {
    world.onReset(() => {
      for (const r of this.live) this.stop(r);
      this.live.clear();
    });
  }

  start(run: Run): void {
    this.live.add(run);
    this.emit(run, 'run_queued', { status: run.status });
    this.later(run, () => {
      run.status = 'running';
      run.started_at = iso(this.world);
      this.emit(run, 'run_started', { version: run.version, runner: run.runner });
      this.begin(run);
    });
  }

  decide(run: Run, decision: 'approve' | 'reject', comment?: string): void {
    const step = run.steps.at(-1);
    if (run.status !== 'waiting_approval' || step?.status !== 'waiting_approval') {
      conflict('not_waiting_approval', `run ${run.id} is not parked at an approval gate`, { status: run.status });
    }
    step.decision = decision;
    if (comment !== undefined) step.comment = comment;
    this.emit(run, 'approval_decided', { node_id: step.node_id, decision, comment: comment ?? null });
    if (decision === 'reject') {
      this.finishStep(run, step, 'failed', null);
      return this.finish(run, 'failed', `approval rejected at ${step.node_id}`);
    }
    this.finishStep(run, step, 'succeeded', run.value);
    run.status = 'running';
    run.cursor++;
    this.later(run, () => this.begin(run));
  }

  cancel(run: Run): void {
    if (!inFlight(run)) conflict('run_finished', `run ${run.id} already ${run.status}`, { status: run.status });
    this.abort(run, 'cancelled', 'cancelled by user');
  }

  /** Runner gone (undeploy, canary stop): the run fails where it stands. */
  fail(run: Run, reason: string): void {
    if (inFlight(run)) this.abort(run, 'failed', reason);
  }

  subscribe(run: Run, fn: (e: RunEvent) => void): () => void {
    run.listeners.add(fn);
    return () => run.listeners.delete(fn);
  }

  private begin(run: Run): void {
    let order = this.orders.get(run);
    if (!order) this.orders.set(run, (order = executionOrder(run.spec)));
    const node: SpecNode | undefined = order[run.cursor];
    if (!node) return this.finish(run, 'succeeded', null);
    const step: Step = {
      node_id: node.id,
      type: node.type,
      status: 'running',
      started_at: iso(this.world),
      finished_at: null,
      output: null,
    };
    run.steps.push(step);
    this.emit(run, 'step_started', { node_id: node.id, type: node.type });
    if (node.type === 'approval') {
      step.status = 'waiting_approval';
      run.status = 'waiting_approval';
      this.emit(run, 'waiting_approval', { node_id: node.id, message: node.message ?? 'Approve to continue' });
      return;
    }
    this.later(
      run,
      () => {
        if (node.simulate === 'fail') {
          this.finishStep(run, step, 'failed', null);
          return this.finish(run, 'failed', `step ${node.id} failed`);
        }
        run.value = applyNode(node, run.value);
        this.streamChunks(run, node, run.value);
        this.finishStep(run, step, 'succeeded', run.value);
        run.cursor++;
        this.begin(run);
      },
      node.step_ms,
    );
  }

  /** Sandbox-only `stream_chunks`: the output as that many progress events at once (a token stream). */
  private streamChunks(run: Run, node: SpecNode, output: string): void {
    const n = node.type === 'llm' ? (node.stream_chunks ?? 0) : 0;
    const size = Math.max(1, Math.ceil(output.length / Math.max(n, 1)));
    for (let i = 0; i < n; i++) {
      const chunk = output.slice(i * size, (i + 1) * size) || '.';
      this.emit(run, 'step_progress', { node_id: node.id, index: i, chunk });
    }
  }

  private abort(run: Run, status: 'failed' | 'cancelled', reason: string): void {
    this.stop(run);
    const step = run.steps.at(-1);
    if (step && step.finished_at === null) this.finishStep(run, step, status, null);
    this.finish(run, status, reason);
  }

  private finishStep(run: Run, step: Step, status: Step['status'], output: string | null): void {
    step.status = status;
    step.output = output;
    step.finished_at = iso(this.world);
    this.emit(run, 'step_finished', { node_id: step.node_id, status, output });
  }

  private finish(run: Run, status: 'succeeded' | 'failed' | 'cancelled', error: string | null): void {
    run.status = status;
    run.error = error;
    run.output = status === 'succeeded' ? run.value : null;
    run.finished_at = iso(this.world);
    this.emit(run, 'run_finished', { status, output: run.output, error });
    this.live.delete(run);
    run.listeners.clear();
  }

  private later(run: Run, fn: () => void, ms = STEP_MS): void {
    run.timer = setTimeout(() => {
      run.timer = null;
      fn();
    }, ms);
    run.timer.unref();
  }

  private stop(run: Run): void {
    if (run.timer) clearTimeout(run.timer);
    run.timer = null;
  }

  private emit(run: Run, event: string, data: Record<string, unknown>): void {
    const e: RunEvent = { seq: run.events.length + 1, event, data: { run_id: run.id, ...data, at: iso(this.world) } };
    run.events.push(e);
    for (const fn of [...run.listeners]) fn(e);
  }
}
