import { describe, expect, it } from 'vitest';
import { mergeRows } from '../../../../src-renderer/lib/row-merge';
import { toContainerRow, type Raw } from '../../../../src-renderer/lib/tolerant';
import { oneRow } from '../../../support/readers';

const containerRow = oneRow(toContainerRow, 'container');

const raws = (): Raw[] => [
  { id: 'a', name: 'web-1', status: 'running', labels: { tier: 'web' } },
  { id: 'b', name: 'db-1', status: 'stopped' },
  { id: 'c', name: 'worker-1', status: 'running' },
];

describe('mergeRows', () => {
  it('returns the same array when every record is unchanged (fresh objects, same JSON)', () => {
    const old = mergeRows([], raws(), containerRow);
    expect(mergeRows(old, raws(), containerRow)).toBe(old);
  });
  it('keeps unchanged rows as they were and builds only the changed and new ones', () => {
    const old = mergeRows([], raws(), containerRow);
    const fresh = raws();
    fresh[1]!.status = 'running';
    fresh.push({ id: 'd', name: 'new-1' });
    let built = 0;
    const out = mergeRows(old, fresh, (r, i) => {
      built++;
      return containerRow(r, i);
    });
    expect(out).not.toBe(old);
    expect(out[0]).toBe(old[0]);
    expect(out[2]).toBe(old[2]);
    expect(out[1]!.state).toBe('running');
    expect(out.map((r) => r.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(built).toBe(2);
  });
  it('follows the zone\u2019s new order and drops rows that are gone, reusing moved rows', () => {
    const old = mergeRows([], raws(), containerRow);
    const fresh = raws().reverse().slice(0, 2);
    const out = mergeRows(old, fresh, containerRow);
    expect(out.map((r) => r.key)).toEqual(['c', 'b']);
    expect(out[0]).toBe(old[2]);
    expect(out[1]).toBe(old[1]);
  });
  it('sees a change deep inside a record', () => {
    const old = mergeRows([], raws(), containerRow);
    const fresh = raws();
    (fresh[0]!.labels as Record<string, string>).tier = 'edge';
    expect(mergeRows(old, fresh, containerRow)[0]).not.toBe(old[0]);
  });
});
