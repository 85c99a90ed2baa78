/**
 * Log tail de-duplication by overlap: whatever the zone's line format (numbered, timestamped,
 * bare text), a polled tail appends only what follows the previous one, and a tail that shares
 * nothing with the previous one is marked as a possible gap instead of being shown twice.
 */
import { describe, expect, it } from 'vitest';
import { LOG_GAP_MARKER, followLogTail, logTailOverlap } from '../../../../src-renderer/lib/log-tail';

/** A log of `n` lines in one of three formats, and the last `tail` lines of it as a zone would send. */
const FORMATS = {
  numbered: (i: number) => `2025-01-01T00:00:00Z stdout ${i} request ${i % 7}`,
  iso: (i: number) =>
    `2025-01-01T00:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z GET /healthz ${i % 3}`,
  bare: (i: number) => `line ${i}`,
};
const log = (fmt: (i: number) => string, n: number) => Array.from({ length: n }, (_, i) => fmt(i));
const tailOf = (lines: string[], tail: number) => lines.slice(Math.max(0, lines.length - tail));

/** Feeds successive tails to one follower and returns everything it appended. */
function shown(tails: string[][]): string[] {
  const follow = followLogTail();
  return tails.flatMap((t) => follow(t));
}

describe('logTailOverlap', () => {
  it('finds the longest suffix of the previous tail that starts the new one', () => {
    expect(logTailOverlap(['a', 'b', 'c'], ['b', 'c', 'd'])).toBe(2);
    expect(logTailOverlap(['a', 'b', 'c'], ['a', 'b', 'c', 'd'])).toBe(3);
    expect(logTailOverlap(['a', 'b', 'c'], ['x', 'y'])).toBe(0);
    expect(logTailOverlap([], ['x'])).toBe(0);
  });

  it('takes the longest overlap when lines repeat', () => {
    // "x x" ends the old tail and starts the new one; a shorter overlap of one "x" also fits.
    expect(logTailOverlap(['a', 'x', 'x'], ['x', 'x', 'b'])).toBe(2);
    expect(logTailOverlap(['x', 'x', 'x'], ['x', 'x', 'x', 'x'])).toBe(3);
  });
});

describe('followLogTail', () => {
  for (const [name, fmt] of Object.entries(FORMATS)) {
    it(`shows a growing ${name} log exactly once, polled with a tail of 50`, () => {
      const full = log(fmt, 250);
      const tails = [30, 40, 50, 60, 100, 250].map((n) => tailOf(full.slice(0, n), 50));
      // 100 → 250 lines: the new tail shares nothing with the previous one, so the gap is marked.
      expect(shown(tails)).toEqual([...full.slice(0, 100), LOG_GAP_MARKER, ...full.slice(200)]);
    });

    it(`appends nothing when the ${name} log did not move, however often it is polled`, () => {
      const t = tailOf(log(fmt, 80), 50);
      expect(shown([t, t, t, t, t])).toEqual(t);
    });
  }

  it('keeps lines repeated legitimately in the log', () => {
    const full = ['start', 'ping', 'ping', 'ping', 'pong', 'ping', 'ping', 'done'];
    const tails = [full.slice(0, 3), full.slice(0, 5), full.slice(0, 7), full.slice(0, 8)];
    expect(shown(tails)).toEqual(full);
    // A capped tail made only of one repeated line: the overlap is the whole previous tail.
    const same = ['retrying', 'retrying', 'retrying'];
    expect(shown([same.slice(0, 2), same])).toEqual(same);
  });

  it('marks a gap when the new tail rolled past the previous one entirely', () => {
    const r = shown([
      ['a 1', 'a 2', 'a 3'],
      ['b 1', 'b 2'],
    ]);
    expect(r).toEqual(['a 1', 'a 2', 'a 3', LOG_GAP_MARKER, 'b 1', 'b 2']);
    expect(r.filter((l) => l === 'a 1')).toHaveLength(1);
  });

  it('never shows a line of an unchanged tail twice (a zone without sequence numbers, 50 polls)', () => {
    const t = log(FORMATS.bare, 50);
    const out = shown(Array.from({ length: 50 }, () => t));
    expect(out).toHaveLength(50);
  });

  it('shows nothing for an empty tail and starts afresh after one', () => {
    expect(shown([[], ['x'], [], ['y']])).toEqual(['x', 'y']);
  });
});
