import { describe, expect, it } from 'vitest';
import { readRunEvent, type StreamEventIn } from '../../../../../src-renderer/features/workflows/shapes/run-events';
import {
  applyRunEvent,
  emptyProgress,
  type RunProgress,
} from '../../../../../src-renderer/features/workflows/production/run-steps';
import { progressFromRun } from '../../../../../src-renderer/features/workflows/shapes/run-record';

const ev = (seq: number, type: string, data: Record<string, unknown> = {}): StreamEventIn => ({
  type,
  id: String(seq),
  data: { seq, ...data },
});

/** input → ask → gate (approval) → out, in the standard dialect. */
const RUN: StreamEventIn[] = [
  ev(1, 'run_queued', { status: 'queued' }),
  ev(2, 'run_started'),
  ev(3, 'step_started', { node_id: 'in', type: 'input' }),
  ev(4, 'step_finished', { node_id: 'in', status: 'succeeded', output: 'hi' }),
  ev(5, 'step_started', { node_id: 'ask', type: 'llm' }),
  ev(6, 'step_finished', { node_id: 'ask', status: 'succeeded', output: 'Answer: hi' }),
  ev(7, 'step_started', { node_id: 'gate', type: 'approval' }),
  ev(8, 'waiting_approval', { node_id: 'gate', message: 'Ship it?' }),
  ev(9, 'approval_decided', { node_id: 'gate', decision: 'approve', comment: null }),
  ev(10, 'step_finished', { node_id: 'gate', status: 'succeeded', output: 'Answer: hi' }),
  ev(11, 'step_started', { node_id: 'out', type: 'output' }),
  ev(12, 'step_finished', { node_id: 'out', status: 'succeeded', output: 'Answer: hi' }),
  ev(13, 'run_finished', { status: 'succeeded', output: 'Answer: hi', error: null }),
];

function feed(p: RunProgress, events: StreamEventIn[]): RunProgress {
  for (const e of events) applyRunEvent(p, readRunEvent(e));
  return p;
}

describe('run step reducer', () => {
  it('lights the nodes in order: running, waiting at the gate, done', () => {
    const p = emptyProgress();
    feed(p, RUN.slice(0, 5));
    expect(p.status).toEqual({ in: 'done', ask: 'running' });
    feed(p, RUN.slice(5, 8));
    expect(p.status).toEqual({ in: 'done', ask: 'done', gate: 'waiting' });
    expect(p.waiting).toEqual({ nodeId: 'gate', message: 'Ship it?' });
    expect(p.runStatus).toBe('waiting_approval');
    feed(p, RUN.slice(8));
    expect(p.waiting).toBeUndefined();
    expect(p.status).toEqual({ in: 'done', ask: 'done', gate: 'done', out: 'done' });
    expect(p.trail.map((s) => s.nodeId)).toEqual(['in', 'ask', 'gate', 'out']);
    expect(p.trail[2]).toMatchObject({ decision: 'approve', status: 'done' });
    expect(p.runStatus).toBe('succeeded');
    expect(p.output).toBe('Answer: hi');
  });

  it('is idempotent on the event number: a resume that repeats events never doubles a step', () => {
    const once = feed(emptyProgress(), RUN);
    // A drop after event 6, the resume replays from 4 (an overlap), then everything again.
    const twice = feed(emptyProgress(), [...RUN.slice(0, 6), ...RUN.slice(3), ...RUN]);
    expect(twice.trail).toEqual(once.trail);
    expect(twice.applied).toBe(13);
    expect(twice.lastSeq).toBe(13);
  });

  it('reads the variant dialect to the same trail', () => {
    const names: Record<string, string> = {
      run_queued: 'run.queued',
      run_started: 'run.running',
      step_started: 'node.started',
      step_finished: 'node.completed',
      waiting_approval: 'approval.requested',
      approval_decided: 'approval.resolved',
      run_finished: 'run.completed',
    };
    const a = feed(emptyProgress(), RUN);
    const b = feed(
      emptyProgress(),
      RUN.map((e) => ({ ...e, type: names[e.type]! })),
    );
    expect(b.status).toEqual(a.status);
    expect(b.trail).toEqual(a.trail);
  });

  it('fails the open step when a run is cancelled without closing it, and counts unknown events', () => {
    const p = feed(emptyProgress(), [
      ...RUN.slice(0, 5),
      ev(6, 'token_usage', { tokens: 4 }),
      ev(7, 'run_finished', { status: 'cancelled', error: 'cancelled by user' }),
    ]);
    expect(p.status.ask).toBe('cancelled');
    expect(p.unknown).toBe(1);
    expect(p.error).toBe('cancelled by user');
  });

  it('a rejected gate fails the step and the run', () => {
    const p = feed(emptyProgress(), [
      ...RUN.slice(0, 8),
      ev(9, 'approval_decided', { node_id: 'gate', decision: 'reject', comment: 'no' }),
      ev(10, 'step_finished', { node_id: 'gate', status: 'failed', output: null }),
      ev(11, 'run_finished', { status: 'failed', error: 'approval rejected at gate' }),
    ]);
    expect(p.trail[2]).toMatchObject({ status: 'failed', decision: 'reject', comment: 'no' });
    expect(p.runStatus).toBe('failed');
  });

  it('joins streamed chunks into the step', () => {
    const p = feed(emptyProgress(), [
      ev(1, 'step_started', { node_id: 'ask' }),
      ev(2, 'step_progress', { node_id: 'ask', chunk: 'Ans' }),
      ev(3, 'step_progress', { node_id: 'ask', chunk: 'wer' }),
      ev(3, 'step_progress', { node_id: 'ask', chunk: 'wer' }),
    ]);
    expect(p.trail[0]!.streamed).toBe('Answer');
  });

  it('a stream replayed over the trail read from the run record keeps one step per node', () => {
    const record = {
      id: 'r1',
      status: 'waiting_approval',
      steps: [
        { node_id: 'in', type: 'input', status: 'succeeded', output: 'hi' },
        { node_id: 'ask', type: 'llm', status: 'succeeded', output: 'Answer: hi' },
        { node_id: 'gate', type: 'approval', status: 'waiting_approval' },
      ],
    };
    const p = progressFromRun(record);
    expect(p.status).toEqual({ in: 'done', ask: 'done', gate: 'waiting' });
    expect(p.waiting?.nodeId).toBe('gate');
    feed(p, RUN);
    expect(p.trail.map((s) => s.nodeId)).toEqual(['in', 'ask', 'gate', 'out']);
    expect(p.runStatus).toBe('succeeded');
  });

  it('a numbered second pass of a finished node is a new step (a retry)', () => {
    const p = feed(emptyProgress(), [
      ev(1, 'step_started', { node_id: 'ask' }),
      ev(2, 'step_finished', { node_id: 'ask', status: 'failed' }),
      ev(3, 'step_started', { node_id: 'ask' }),
    ]);
    expect(p.trail.map((s) => s.status)).toEqual(['failed', 'running']);
    expect(p.status.ask).toBe('running');
  });

  // How fast: run_steps_10k_events_ms in `npm run bench` (test/bench/renderer-work-worker.ts).
  it('applies 10,000 events to one step, keeping every streamed chunk', () => {
    const p = emptyProgress();
    const events = [ev(1, 'step_started', { node_id: 'ask' })];
    for (let i = 2; i <= 10_000; i++) events.push(ev(i, 'step_progress', { node_id: 'ask', chunk: 'x' }));
    feed(p, events);
    expect(p.trail).toHaveLength(1);
    expect(p.status.ask).toBe('running');
    expect(p.trail[0]!.streamed.length).toBe(9_999);
  });
});
