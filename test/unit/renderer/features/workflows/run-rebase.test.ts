/**
 * A record read during a live run is the truth: its state replaces what events painted, whatever
 * the events said; what only events carry (streamed output, event numbers, and the steps of a zone
 * whose record has no trail) is kept.
 */
import { describe, expect, it } from 'vitest';
import { rebase } from '../../../../../src-renderer/features/workflows/production/run-rebase';
import { readRunEvent } from '../../../../../src-renderer/features/workflows/shapes/run-events';
import { applyRunEvent, emptyProgress } from '../../../../../src-renderer/features/workflows/production/run-steps';

function painted(events: [string, Record<string, unknown>][]) {
  const p = emptyProgress();
  events.forEach(([type, data], i) => applyRunEvent(p, readRunEvent({ type, id: String(i + 1), data })));
  return p;
}

describe('rebase on a record', () => {
  it('the record’s status and steps win over what the events said', () => {
    const p = painted([
      ['step_started', { node_id: 'a' }],
      ['run_finished', { status: 'succeeded' }],
    ]);
    const next = rebase(p, { status: 'Running', steps: [{ node_id: 'a', status: 'running' }] }, undefined);
    expect(next.runStatus).toBe('Running');
    expect(next.status).toEqual({ a: 'running' });
    expect(next.lastSeq).toBe(2);
  });

  it('keeps streamed output for a step the record has without output', () => {
    const p = painted([
      ['step_started', { node_id: 'a' }],
      ['step_progress', { node_id: 'a', chunk: 'hel' }],
      ['step_progress', { node_id: 'a', chunk: 'lo' }],
    ]);
    const next = rebase(p, { status: 'running', steps: [{ node_id: 'a', status: 'running' }] }, undefined);
    expect(next.trail[0]!.streamed).toBe('hello');
  });

  it('a record without a trail keeps the painted steps, and closes them the way the run ended', () => {
    const p = painted([
      ['x.began', { node_id: 'a' }],
      ['step_started', { node_id: 'a' }],
      ['step_finished', { node_id: 'a' }],
      ['step_started', { node_id: 'b' }],
    ]);
    const live = rebase(p, { status: 'running' }, undefined);
    expect(live.status).toEqual({ a: 'done', b: 'running' });
    const over = rebase(p, { status: 'CANCELED' }, undefined);
    expect(over.status).toEqual({ a: 'done', b: 'cancelled' });
    expect(over.runStatus).toBe('CANCELED');
  });

  it('a gate the record names without a node takes the node the events named', () => {
    const p = painted([
      ['step_started', { node_id: 'g' }],
      ['waiting_approval', { node_id: 'g', message: 'Ship?' }],
    ]);
    const next = rebase(p, { status: 'awaiting_approval', steps: [{ node_id: 'x', status: 'done' }] }, undefined);
    expect(next.waiting).toEqual({ nodeId: 'g', message: 'Ship?' });
    expect(rebase(p, { status: 'succeeded' }, undefined).waiting).toBeUndefined();
  });
});
