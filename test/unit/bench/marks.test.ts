import { describe, expect, it } from 'vitest';
import { medianSteps, parseMarks, steps, stepsText } from '../../bench/marks';

describe('benchmark moments', () => {
  it('reads the marks a process wrote among its other stderr lines', () => {
    const err =
      'zonedeck-mark process.start 1000.50\nsome warning\nzonedeck-mark cli.main 1042.25\nzonedeck-mark x 1e3\n';
    expect(parseMarks(err)).toEqual({ 'process.start': 1000.5, 'cli.main': 1042.25 });
  });

  it('turns moments into steps in the order they came, each the ms since the one before', () => {
    expect(steps({ spawn: 0, b: 30, a: 10, exited: 45 })).toEqual([
      ['a', 10],
      ['b', 20],
      ['exited', 15],
    ]);
  });

  it('takes each step’s median over rounds, a step missing from a round left out of that round only', () => {
    const m = medianSteps([
      [
        ['a', 10],
        ['b', 1],
      ],
      [['a', 30]],
      [
        ['a', 20],
        ['b', 3],
      ],
    ]);
    expect(m).toEqual([
      ['a', 20],
      ['b', 1],
    ]);
    expect(stepsText(m)).toBe('a 20 · b 1');
  });
});
