import { describe, expect, it } from 'vitest';
import { filterTerms, rowFilter } from '../../../../src-renderer/lib/row-filter';

interface Row {
  key: string;
  name?: string;
}

const keys = (rows: readonly Row[]) => rows.map((r) => r.key);
/** What a filter must answer: the rows whose lowercase text holds every term, in order. */
const naive = (rows: readonly Row[], q: string) =>
  keys(rows.filter((r) => filterTerms(q).every((t) => (r.name ?? '').toLowerCase().includes(t))));

describe('rowFilter', () => {
  const rows: Row[] = [
    { key: '1', name: 'Web-1 running' },
    { key: '2', name: 'db-1 stopped' },
    { key: '3', name: 'web-2 stopped' },
  ];
  it('keeps rows holding every term, case-insensitively, in their order', () => {
    const { filter } = rowFilter<Row>((r) => r.name ?? '');
    expect(keys(filter(rows, filterTerms('  WEB  stopped ')))).toEqual(['3']);
    expect(keys(filter(rows, filterTerms('web')))).toEqual(['1', '3']);
    expect(filter(rows, filterTerms(''))).toBe(rows);
    expect(filter(rows, filterTerms('nothing'))).toEqual([]);
  });
  it('answers with the very rows array when every row matches, so nothing is redrawn', () => {
    const { filter } = rowFilter<Row>((r) => r.name ?? '');
    expect(filter(rows, filterTerms('1 -'))).not.toBe(rows);
    expect(filter(rows, filterTerms('-'))).toBe(rows);
  });
  it('never matches across two rows’ texts', () => {
    const two: Row[] = [
      { key: 'a', name: 'ab' },
      { key: 'b', name: 'cd' },
    ];
    const { filter } = rowFilter<Row>((r) => r.name ?? '');
    expect(filter(two, ['bc'])).toEqual([]);
    expect(keys(filter(two, ['d']))).toEqual(['b']);
  });
  it('keeps each row apart when a zone sends texts holding newlines, empty texts or huge ones', () => {
    const odd: Row[] = [
      { key: 'a', name: 'line one\nline two' },
      { key: 'b', name: '' },
      { key: 'c' },
      { key: 'd', name: `${'x'.repeat(200_000)}\n\nend` },
      { key: 'e', name: 'two\nthree' },
    ];
    const { filter } = rowFilter<Row>((r) => r.name ?? '');
    for (const q of ['two', 'line', 'end', 'x', 'three', 'one two', 'e'])
      expect(keys(filter(odd, filterTerms(q)))).toEqual(naive(odd, q));
  });
  it('finds a term at the very start and end of the haystack, and rows with no text', () => {
    const some: Row[] = [{ key: 'a', name: 'xy' }, { key: 'b' }, { key: 'c', name: '' }, { key: 'd', name: 'zx' }];
    const { filter } = rowFilter<Row>((r) => r.name ?? '');
    expect(keys(filter(some, ['x']))).toEqual(['a', 'd']);
    expect(keys(filter(some, ['y']))).toEqual(['a']);
    expect(keys(filter(some, ['zx']))).toEqual(['d']);
    expect(filter([], ['x'])).toEqual([]);
  });
  it('computes each row’s text once, also across lists that share rows', () => {
    let calls = 0;
    const { filter, text, prepare } = rowFilter<Row>((r) => {
      calls++;
      return r.name ?? '';
    });
    rows.forEach(text);
    const step = prepare(rows);
    expect(step()).toBe(true);
    expect(prepare(rows)()).toBe(true);
    filter(rows, ['w']);
    filter(rows, ['we']);
    filter([...rows].reverse(), ['we']);
    expect(calls).toBe(3);
  });
  it('gives the same rows typing on, taking back, and with a new list, as filtering afresh would', () => {
    const many: Row[] = Array.from({ length: 2000 }, (_, i) => ({
      key: String(i),
      name: `ct-${i} ${i % 3 ? 'up' : 'down'} Host-${i % 7}`,
    }));
    const { filter } = rowFilter<Row>((r) => r.name ?? '');
    const queries = ['c', 'ct-1', 'ct-1 d', 'ct-1 do', 'ct-1', 'ct-12', 'ct-123', 't-1', '1 up', '1', 'down ct-1'];
    for (const q of [...queries, 'zz', 'ct', 'host-3 ct-19', 'HOST-3 ct-199', 'up host', 'p h', 'ct-1999', 'ct-19999'])
      expect(keys(filter(many, filterTerms(q))), q).toEqual(naive(many, q));
    const other = many.slice(50).reverse();
    for (const q of ['ct-1', 'ct-15', 'ct-15 up', 'ct-1'])
      expect(keys(filter(other, filterTerms(q))), q).toEqual(naive(other, q));
  });
  it('builds a list in steps, and a keystroke before the last finishes the build', () => {
    const many: Row[] = Array.from({ length: 5000 }, (_, i) => ({ key: String(i), name: `ct-${i}` }));
    const { filter, prepare } = rowFilter<Row>((r) => r.name ?? '');
    const step = prepare(many);
    expect(step()).toBe(false);
    expect(prepare(many)).toBe(step);
    expect(keys(filter(many, ['ct-4999']))).toEqual(['4999']);
    expect(step()).toBe(true);
    const other = many.slice(1);
    prepare(other)();
    expect(keys(filter(other, ['ct-0']))).toEqual(naive(other, 'ct-0'));
    expect(keys(filter(many, ['ct-0']))).toEqual(['0']);
  });
  it('filters 100,000 rows quickly once prepared', () => {
    const big: Row[] = Array.from({ length: 100_000 }, (_, i) => ({
      key: String(i),
      name: `ct-${String(i).padStart(6, '0')} running nginx:1.27 host-${i % 3} ${(i * 2654435761) % 4294967296}`,
    }));
    const { filter, prepare } = rowFilter<Row>((r) => r.name ?? '');
    const step = prepare(big);
    let steps = 1;
    while (!step()) steps++;
    expect(steps).toBe(50);
    const t = performance.now();
    expect(filter(big, ['ct-'])).toBe(big);
    expect(filter(big, ['ct-00001']).length).toBe(10);
    expect(performance.now() - t).toBeLessThan(200); // ~5 ms on a laptop; generous for a loaded CI box
  });
});
