/**
 * The command line's step lines and gate, read by the window's run reader: a trail under any of
 * its keys, steps keyed any way, words in any case; one line per step per change of word.
 */
import { describe, expect, it } from 'vitest';
import { gateOf, stepLines } from '../../../src-main/cli/run-trail';
import { runStepsOf } from '../../../src-main/contract/run-record';
import { runStatusOf } from '../../../src-main/contract/run-steps';

const lines = (run: unknown, seen: Map<string, string>) => stepLines(runStepsOf(run), seen);
const gate = (run: unknown) => gateOf(runStepsOf(run), runStatusOf(run));

describe('run trail on the command line', () => {
  it.each([
    [
      {
        steps: [
          { node_id: 'in', status: 'succeeded' },
          { node_id: 'ok', status: 'waiting_approval' },
        ],
      },
    ],
    [
      {
        trail: [
          { step_id: 'in', state: 'SUCCESS' },
          { step_id: 'ok', state: 'PARKED' },
        ],
      },
    ],
    [
      {
        step_trail: [
          { node: { id: 'in' }, phase: { name: 'done' } },
          { node: { id: 'ok' }, phase: 'parked' },
        ],
      },
    ],
    [{ nodes: { in: 'completed', ok: { status: 'Parked' } } }],
  ])('reads the steps and the gate of %j', (run) => {
    expect(runStepsOf(run).map((s) => s.node)).toEqual(['in', 'ok']);
    expect(gate(run)).toBe('ok');
  });

  it('prints a step once per word it takes', () => {
    const seen = new Map<string, string>();
    expect(lines({ trail: [{ step_id: 'in', status: 'RUNNING' }] }, seen)).toEqual([`  ${'in'.padEnd(16)} RUNNING`]);
    expect(lines({ trail: [{ step_id: 'in', status: 'RUNNING' }] }, seen)).toEqual([]);
    const next = {
      trail: [
        { step_id: 'in', status: 'SUCCESS' },
        { step_id: 'llm', status: 'RUNNING' },
      ],
    };
    expect(lines(next, seen)).toEqual([`  ${'in'.padEnd(16)} SUCCESS`, `  ${'llm'.padEnd(16)} RUNNING`]);
  });

  it('a run parked with no gate word on a step waits at its last unfinished step, else says the run’s word', () => {
    expect(
      gate({
        status: 'parked',
        steps: [
          { id: 'a', status: 'done' },
          { id: 'b', status: 'x' },
        ],
      }),
    ).toBe('b');
    expect(gate({ status: 'parked' })).toBe('parked');
  });
});
