/** The command line's pure pieces: closest names, the log overlap, run outcomes, links. */
import { describe, expect, it } from 'vitest';
import { closestNames, notFoundMessage } from '../../../src-main/cli/closest-names';
import { linesAfter } from '../../../src-main/cli/commands/logs';
import { linkOf } from '../../../src-main/cli/commands/open';
import { runPhase } from '../../../src-main/cli/run-outcome';
import { table } from '../../../src-main/cli/output';

describe('closest names', () => {
  it('puts names containing the typed text first, then near misses, and leaves far ones out', () => {
    expect(closestNames('dmeo', ['demo', 'prod', 'staging'])).toEqual(['demo']);
    expect(closestNames('web', ['web-1', 'worker-1', 'db-proxy'])).toEqual(['web-1']);
    expect(closestNames('kubernetes.lst', ['kubernetes.list', 'kubernetes.get', 'containers.list'])[0]).toBe(
      'kubernetes.list',
    );
    expect(closestNames('zzzz', ['eu-1', 'us-1'])).toEqual([]);
  });

  it('says what there is when nothing is close and the list is short', () => {
    expect(notFoundMessage('zone', 'x', [])).toBe('There is no zone “x”. There are none.');
    expect(notFoundMessage('cluster', 'zzzz', ['demo'], 'eu-1')).toBe(
      'There is no cluster “zzzz” in eu-1. There are: demo.',
    );
  });
});

describe('logs -f', () => {
  it('prints only what follows the longest overlap with the lines shown', () => {
    expect(linesAfter(['a', 'b', 'c'], ['b', 'c', 'd', 'e'])).toEqual(['d', 'e']);
    expect(linesAfter(['a', 'b'], ['a', 'b'])).toEqual([]);
    expect(linesAfter(['a'], ['x', 'y'])).toEqual(['x', 'y']);
  });
});

describe('run outcome', () => {
  it('reads the usual words of any zone', () => {
    expect(runPhase('succeeded')).toBe('succeeded');
    expect(runPhase('Completed')).toBe('succeeded');
    expect(runPhase('failed')).toBe('failed');
    expect(runPhase('canceled')).toBe('cancelled');
    expect(runPhase('waiting_approval')).toBe('waiting');
    expect(runPhase('queued')).toBe('running');
    expect(runPhase(undefined)).toBe('running');
  });

  it('takes its words from the shared vocabulary: the spec’s "parked" and every gate word, in any case, wait', () => {
    for (const w of ['parked', 'PARKED', 'Parked', 'awaiting-approval', 'pendingApproval', 'on hold', 'gated'])
      expect(runPhase(w), w).toBe('waiting');
    expect(runPhase('in_progress')).toBe('running');
    expect(runPhase('ABORTED')).toBe('cancelled');
    expect(runPhase('rejected')).toBe('failed');
    expect(runPhase('crashed')).toBe('failed');
    expect(runPhase('pass')).toBe('succeeded');
    expect(runPhase('zorbling')).toBe('running'); // unknown: read again, never ended on a guess
  });
});

describe('open', () => {
  it('makes a zonedeck:// link of zone/section/id, and passes a link through', () => {
    expect(linkOf('eu-1/containers/web-1')).toBe('zonedeck://zone/eu-1/containers/web-1');
    expect(linkOf('zonedeck://zone/eu-1/clusters')).toBe('zonedeck://zone/eu-1/clusters');
    expect(() => linkOf('eu-1')).toThrow(/<zone>\/<section>/);
  });
});

describe('table', () => {
  it('aligns columns whatever colour codes a cell holds', () => {
    const red = '\u001b[31mdown\u001b[39m';
    expect(table(['A', 'B', 'C'], [[red, 'x', 'y']]).split('\n')).toEqual(['A     B  C', `${red}  x  y`]);
  });
});
