import { describe, expect, it } from 'vitest';
import { isReactive, reactive } from 'vue';
import { zoneMerger } from '../../../../../src-renderer/features/all-zones/merged-rows';
import { mergeRows } from '../../../../../src-renderer/lib/row-merge';
import { toContainerRow, type ContainerRow, type Raw } from '../../../../../src-renderer/lib/tolerant';
import { oneRow } from '../../../../support/readers';

const eu = { id: 'eu-1', name: 'eu-1', color: '#2f6fde' };
const us = { id: 'us-1', name: 'us-1', color: '#d9480f' };
const rows = (raws: Raw[], old: ContainerRow[] = []) => mergeRows(old, raws, oneRow(toContainerRow, 'container'));

describe('zoneMerger', () => {
  it('lists every zone’s rows with the zone, a key unique across zones, and the row’s own fields', () => {
    const merge = zoneMerger<ContainerRow>();
    const out = merge([
      { zone: eu, rows: rows([{ id: 'c1', name: 'web', status: 'running' }]) },
      { zone: us, rows: rows([{ id: 'c1', name: 'db', state: 'stopped' }]) },
    ]);
    expect(out.map((r) => [r.key, r.zone.name, r.name, r.state, r.item.key])).toEqual([
      ['eu-1/c1', 'eu-1', 'web', 'running', 'c1'],
      ['us-1/c1', 'us-1', 'db', 'stopped', 'c1'],
    ]);
  });

  it('returns the same array when no zone’s list changed, and keeps unchanged rows’ wrappers when one did', () => {
    const merge = zoneMerger<ContainerRow>();
    const a = rows([
      { id: 'a', name: 'a' },
      { id: 'b', name: 'b' },
    ]);
    const b = rows([{ id: 'x', name: 'x' }]);
    const first = merge([
      { zone: eu, rows: a },
      { zone: us, rows: b },
    ]);
    expect(
      merge([
        { zone: { ...eu }, rows: a },
        { zone: us, rows: b },
      ]),
    ).toBe(first);
    const a2 = rows(
      [
        { id: 'a', name: 'a' },
        { id: 'b', name: 'b2' },
      ],
      a,
    );
    const next = merge([
      { zone: eu, rows: a2 },
      { zone: us, rows: b },
    ]);
    expect(next).not.toBe(first);
    expect(next[0]).toBe(first[0]);
    expect(next[1]).not.toBe(first[1]);
    expect(next[1]!.name).toBe('b2');
    expect(next[2]).toBe(first[2]);
    expect(isReactive(reactive({ next }).next)).toBe(false);
  });

  it('re-wraps a renamed zone, leaves out a zone with no rows yet and forgets a removed one', () => {
    const merge = zoneMerger<ContainerRow>();
    const a = rows([{ id: 'a', name: 'a' }]);
    const first = merge([
      { zone: eu, rows: a },
      { zone: us, rows: undefined },
    ]);
    expect(first).toHaveLength(1);
    const renamed = merge([{ zone: { ...eu, name: 'Europe' }, rows: a }]);
    expect(renamed[0]!.zone.name).toBe('Europe');
    expect(renamed[0]).not.toBe(first[0]);
    expect(merge([])).toEqual([]);
  });
});
