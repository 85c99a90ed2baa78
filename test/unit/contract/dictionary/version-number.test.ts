/**
 * A version's number by value, for zones that name it their own way (random names): the one field
 * whose values are whole numbers from 1, distinct and in the list's order; none when two fit alike.
 */
import { describe, expect, it } from 'vitest';
import { versionNumber, versionNumberKey } from '../../../../src-main/contract/dictionary/version-number';

const spec = { nodes: [{ id: 'in', type: 'input' }], edges: [] };

describe('a version number by value', () => {
  it('reads 3, "3" and "v3"; not 0, negatives, fractions, times or ids', () => {
    expect([3, '3', 'v3', ' V12 '].map(versionNumber)).toEqual([3, 3, 3, 12]);
    for (const v of [0, -1, 1.5, 1796195973460, 1_700_000_000, '2026-01-01', 'abc', null, {}, '1e3'])
      expect(versionNumber(v)).toBeUndefined();
  });

  it('finds the zone’s own field among a spec and an epoch time (random:13’s versions)', () => {
    const list = [
      { va7cny: 3, x9gtf69wb: spec, lsq95ys: 1796195973460 },
      { va7cny: 2, x9gtf69wb: spec, lsq95ys: 1796195970000 },
      { va7cny: 1, x9gtf69wb: spec, lsq95ys: 1796195960000 },
    ];
    expect(versionNumberKey(list)).toBe('va7cny');
    expect(versionNumberKey([...list].reverse())).toBe('va7cny');
    expect(versionNumberKey([list[2]])).toBe('va7cny');
  });

  it('leaves a count that repeats or is out of order, and says none when two fields fit alike', () => {
    const counted = [
      { q1x: 2, n7z: 4 },
      { q1x: 1, n7z: 4 },
    ];
    expect(versionNumberKey(counted)).toBe('q1x');
    const shuffled = [
      { q1x: 2, n7z: 5 },
      { q1x: 1, n7z: 3 },
      { q1x: 3, n7z: 4 },
    ];
    expect(versionNumberKey(shuffled)).toBeUndefined();
    expect(versionNumberKey([{ a1: 1, b2: 7 }])).toBeUndefined();
  });

  it('never reads a prototype key and survives garbage', () => {
    const hostile = JSON.parse('[{"__proto__": 1, "constructor": 2}]') as unknown[];
    expect(versionNumberKey(hostile)).toBeUndefined();
    expect(versionNumberKey([])).toBeUndefined();
    expect(versionNumberKey([null, 'x', 3])).toBeUndefined();
    expect(versionNumberKey([{ a1: 1 }, { b2: 2 }])).toBeUndefined();
  });
});
