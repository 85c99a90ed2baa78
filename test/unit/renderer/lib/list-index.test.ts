import { describe, expect, it } from 'vitest';
import {
  collationKey,
  keysMatchCollator,
  numberSorter,
  sortRows,
  sortRowsOnce,
  textSorter,
} from '../../../../src-renderer/lib/list-index';
import { jsonEqual } from '../../../../src-main/contract/json-equal';
import { defaultSort, nextSort, tableColumns } from '../../../../src-renderer/components/table-columns';

interface Row {
  key: string;
  name?: string;
  n?: number;
}
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const names = (rows: Row[]) => rows.map((r) => r.name);

describe('collationKey', () => {
  it('orders numbers as numbers, case-insensitively, punctuation before digits before letters', () => {
    const words = ['web-10', 'web-9', 'Web-2', 'web_1', 'web 1', 'web.1', 'web1', 'web', 'webA', 'a10', 'a9', ''];
    const byKey = [...words].sort((a, b) =>
      collationKey(a)! < collationKey(b)! ? -1 : collationKey(a)! > collationKey(b)! ? 1 : 0,
    );
    expect(byKey).toEqual([...words].sort(collator.compare));
  });
  it('treats leading zeros and letter case as ties, as the collator does', () => {
    expect(collationKey('ct-007')).toBe(collationKey('CT-7'));
    expect(collator.compare('ct-007', 'CT-7')).toBe(0);
  });
  it('gives up on text only the collator can order', () => {
    expect(collationKey('Ångström')).toBeNull();
    expect(collationKey('x'.repeat(3) + '1'.repeat(60))).toBeNull();
  });
  it('agrees with this runtime\u2019s collator, and notices one that orders letters otherwise', () => {
    expect(keysMatchCollator()).toBe(true);
    // Lithuanian sorts y between i and j: plain keys must not be trusted there.
    expect(keysMatchCollator(new Intl.Collator('lt', { numeric: true, sensitivity: 'base' }).compare)).toBe(false);
  });
});

describe('sortRows', () => {
  const rows: Row[] = ['b-10', 'b-9', 'A-1', undefined, 'b-9'].map((name, i) => ({
    key: `k${i}`,
    name,
    n: [5, 1, 3, 2, 4][i],
  }));
  const byName = textSorter<Row>((r) => r.name);
  it('sorts on keys like the collator, missing text first, ties in input order', () => {
    const out = sortRows(rows, byName, 'ascend');
    expect(names(out)).toEqual([undefined, 'A-1', 'b-9', 'b-9', 'b-10']);
    expect(out.filter((r) => r.name === 'b-9').map((r) => r.key)).toEqual(['k1', 'k4']);
  });
  it('reverses for descend but keeps ties in input order', () => {
    const out = sortRows(rows, byName, 'descend');
    expect(names(out)).toEqual(['b-10', 'b-9', 'b-9', 'A-1', undefined]);
    expect(out.filter((r) => r.name === 'b-9').map((r) => r.key)).toEqual(['k1', 'k4']);
  });
  it('sorts numbers, and uses any plain comparator as it is', () => {
    expect(
      sortRows(
        rows,
        numberSorter<Row>((r) => r.n),
        'ascend',
      ).map((r) => r.n),
    ).toEqual([1, 2, 3, 4, 5]);
    expect(sortRows(rows, (a: Row, b: Row) => b.n! - a.n!, 'ascend').map((r) => r.n)).toEqual([5, 4, 3, 2, 1]);
  });
  it('falls back to the collator when one text cannot be keyed, with the same order', () => {
    const mixed: Row[] = [
      { key: '1', name: 'émile' },
      { key: '2', name: 'zeta' },
      { key: '3', name: 'Eve-10' },
      { key: '4', name: 'eve-9' },
    ];
    expect(
      names(
        sortRows(
          mixed,
          textSorter<Row>((r) => r.name),
          'ascend',
        ),
      ),
    ).toEqual(['émile', 'eve-9', 'Eve-10', 'zeta']);
  });
  it('leaves its input alone and re-keys only new row objects', () => {
    const before = rows.slice();
    let calls = 0;
    const counted = textSorter<Row>((r) => {
      calls++;
      return r.name;
    });
    sortRows(rows, counted, 'ascend');
    const fresh = [...rows, { key: 'new', name: 'c' }];
    calls = 0;
    expect(names(sortRows(fresh, counted, 'ascend')).at(-1)).toBe('c');
    expect(calls).toBe(1);
    expect(rows).toEqual(before);
  });
  it('sorts 20,000 rows fast enough for a first paint', () => {
    const many: Row[] = Array.from({ length: 20_000 }, (_, i) => ({
      key: String(i),
      name: `ct-${(i * 7919) % 20_000}`,
    }));
    const t = performance.now();
    const out = sortRows(
      many,
      textSorter<Row>((r) => r.name),
      'ascend',
    );
    expect(performance.now() - t).toBeLessThan(400); // ~20 ms on a laptop; generous for a loaded CI box
    expect(names(out.slice(0, 3))).toEqual(['ct-0', 'ct-1', 'ct-2']);
    expect(out.at(-1)!.name).toBe('ct-19999');
  });
});

describe('sortRowsOnce', () => {
  it('sorts a rows array once per key, and again for other rows', () => {
    let compared = 0;
    const byName = (a: Row, b: Row) => (compared++, (a.name ?? '').localeCompare(b.name ?? ''));
    const rows: Row[] = ['c', 'a', 'b'].map((name) => ({ key: name, name }));
    const first = sortRowsOnce(rows, 'list\nname\nascend', byName, 'ascend');
    expect(names(first)).toEqual(['a', 'b', 'c']);
    const after = compared;
    expect(sortRowsOnce(rows, 'list\nname\nascend', byName, 'ascend')).toBe(first);
    expect(compared).toBe(after);
    expect(names(sortRowsOnce(rows, 'list\nname\ndescend', byName, 'descend'))).toEqual(['c', 'b', 'a']);
    const fresh = [...rows, { key: 'd', name: 'd' }];
    expect(names(sortRowsOnce(fresh, 'list\nname\nascend', byName, 'ascend'))).toEqual(['a', 'b', 'c', 'd']);
    expect(rows.map((r) => r.name)).toEqual(['c', 'a', 'b']);
  });
});

describe('jsonEqual', () => {
  it('compares JSON values deeply', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 'x' }], d: null }, { d: null, b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(jsonEqual({ a: {} }, { a: [] })).toBe(false);
    expect(jsonEqual({ a: { b: 1 } }, { a: { b: '1' } })).toBe(false);
  });
});

describe('table columns', () => {
  const cols = tableColumns<Row>([
    { key: 'name', title: 'Name', sorter: textSorter<Row>((r) => r.name), defaultSortOrder: 'ascend', minWidth: 160 },
    { title: 'Group', key: 'g', children: [{ key: 'n', title: 'N', width: '80px', sorter: 'default' }] },
    { key: 'x', title: 'X' },
  ]);
  it('flattens groups and reads widths', () => {
    expect(cols.map((c) => [c.key, c.width, c.minWidth])).toEqual([
      ['name', undefined, 160],
      ['n', 80, undefined],
      ['x', undefined, undefined],
    ]);
    expect(typeof cols[1]!.sorter).toBe('function');
    expect(cols[2]!.sorter).toBeUndefined();
  });
  it('starts at the default sort and cycles ascend, descend, none', () => {
    expect(defaultSort(cols)).toEqual({ key: 'name', order: 'ascend' });
    expect(nextSort({ key: 'name', order: 'ascend' }, 'name')).toEqual({ key: 'name', order: 'descend' });
    expect(nextSort({ key: 'name', order: 'descend' }, 'name')).toBeNull();
    expect(nextSort({ key: 'name', order: 'descend' }, 'n')).toEqual({ key: 'n', order: 'ascend' });
  });
});
