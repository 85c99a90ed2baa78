import { describe, expect, it } from 'vitest';
import { readRunEvent, stepStatusOf } from '../../../../../src-renderer/features/workflows/shapes/run-events';

const RUN = '019a0000-0000-7000-8000-000000000001';

/** The sandbox's standard dialect: snake_case names, {seq, run_id, at, ...} data. */
const standard = [
  { type: 'run_queued', id: '1', data: { seq: 1, run_id: RUN, status: 'queued', at: 't1' } },
  { type: 'run_started', id: '2', data: { seq: 2, run_id: RUN, version: 1, runner: 'primary', at: 't2' } },
  { type: 'step_started', id: '3', data: { seq: 3, run_id: RUN, node_id: 'ask', type: 'llm', at: 't3' } },
  { type: 'step_finished', id: '4', data: { seq: 4, run_id: RUN, node_id: 'ask', status: 'succeeded', output: 'x' } },
  { type: 'waiting_approval', id: '5', data: { seq: 5, run_id: RUN, node_id: 'gate', message: 'Ship it?' } },
  { type: 'approval_decided', id: '6', data: { seq: 6, node_id: 'gate', decision: 'approve', comment: 'ok' } },
  { type: 'run_finished', id: '7', data: { seq: 7, status: 'succeeded', output: 'done', error: null } },
];

/** The variant dialect: dotted names, same payloads. */
const variant = standard.map((e) => ({
  ...e,
  type: {
    run_queued: 'run.queued',
    run_started: 'run.running',
    step_started: 'node.started',
    step_finished: 'node.completed',
    waiting_approval: 'approval.requested',
    approval_decided: 'approval.resolved',
    run_finished: 'run.completed',
  }[e.type]!,
}));

const KINDS = ['queued', 'started', 'step_started', 'step_finished', 'waiting', 'decided', 'finished'];

describe('readRunEvent', () => {
  it.each([
    ['standard', standard],
    ['variant', variant],
  ])('reads the %s dialect into the same events', (_name, events) => {
    const read = events.map(readRunEvent);
    expect(read.map((e) => e.kind)).toEqual(KINDS);
    expect(read.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(read[2]).toMatchObject({ nodeId: 'ask', status: 'running' });
    expect(read[3]).toMatchObject({ nodeId: 'ask', status: 'done', output: 'x' });
    expect(read[4]).toMatchObject({ nodeId: 'gate', status: 'waiting', message: 'Ship it?' });
    expect(read[5]).toMatchObject({ nodeId: 'gate', decision: 'approve', message: 'ok' });
    expect(read[6]).toMatchObject({ runStatus: 'succeeded', output: 'done' });
    expect(read[6]!.error).toBeUndefined();
  });

  it('reads a third shape: camelCase names, nested node, outcome words, seq from the SSE id', () => {
    const a = readRunEvent({
      type: 'NodeFailed',
      id: '12',
      data: { step: { id: 'tool1' }, error: { message: 'boom' } },
    });
    expect(a).toMatchObject({ kind: 'step_finished', seq: 12, nodeId: 'tool1', status: 'failed', error: 'boom' });
    const b = readRunEvent({ type: 'node-completed', data: { node: 'x', state: 'error' } });
    expect(b).toMatchObject({ kind: 'step_finished', nodeId: 'x', status: 'failed', seq: undefined });
    const c = readRunEvent({ type: 'run.completed', data: { state: 'completed' } });
    expect(c.runStatus).toBe('succeeded');
    const d = readRunEvent({ type: 'run_failed', data: { reason: 'runner removed' } });
    expect(d).toMatchObject({ kind: 'finished', runStatus: 'failed', error: 'runner removed' });
  });

  it('reads an unnamed message by the type inside its data', () => {
    const e = readRunEvent({ type: 'message', id: '3', data: { type: 'node.started', node_id: 'ask' } });
    expect(e).toMatchObject({ kind: 'step_started', nodeId: 'ask', seq: 3 });
  });

  it('keeps unknown events with their raw data, and text data as it came', () => {
    const e = readRunEvent({ type: 'billing_tick', id: '9', data: { cost: 3 } });
    expect(e).toMatchObject({ kind: 'other', name: 'billing_tick', seq: 9, data: { cost: 3 } });
    const t = readRunEvent({ type: 'note', data: 'plain text' });
    expect(t).toMatchObject({ kind: 'other', data: 'plain text', seq: undefined });
  });

  it('reads progress chunks', () => {
    expect(readRunEvent({ type: 'step_progress', id: '4', data: { node_id: 'ask', chunk: 'ab' } })).toMatchObject({
      kind: 'step_progress',
      chunk: 'ab',
    });
    expect(readRunEvent({ type: 'node.output', data: { node: 'ask', delta: 'c' } }).chunk).toBe('c');
  });

  it("tells the agent's connection word from a zone event called state", () => {
    expect(readRunEvent({ type: 'state', data: { state: 'reconnecting', attempt: 1 } }).kind).toBe('connection');
    expect(readRunEvent({ type: 'state', id: '4', data: { state: 'reconnecting' } }).kind).toBe('other');
  });

  it('reads step status words', () => {
    expect(
      ['succeeded', 'completed', 'ok', 'failed', 'error', 'cancelled', 'waiting_approval', 'running', 'zzz'].map(
        stepStatusOf,
      ),
    ).toEqual(['done', 'done', 'done', 'failed', 'failed', 'cancelled', 'waiting', 'running', undefined]);
  });
});
