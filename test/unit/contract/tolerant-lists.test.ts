/** Lists, next pages and times read by structure where names fail: known names first, structure second, nothing invented. */
import { describe, expect, it } from 'vitest';
import { cursorOfLink, linkNext, listOf, nextOf, timeOf } from '../../../src-main/contract/tolerant';

const recs = [{ id: 'a' }, { id: 'b' }];

describe('listOf', () => {
  it.each([
    ['bare', recs],
    ['items', { items: recs }],
    ['data + next', { data: recs, next: 'c2' }],
    ['results + cursor', { results: recs, cursor: 'c2' }],
    ['a plural key', { workflows: recs, next_cursor: 'c2' }],
    ['an envelope in an envelope', { data: { items: recs } }],
    ['a list under an unknown record key', { result: { entries: recs } }],
  ])('%s', (_n, reply) => {
    expect(listOf(reply)).toEqual(recs);
  });

  it('prefers the known keys, then a plural-looking key, then the largest array of records', () => {
    expect(listOf({ items: recs, containers: [{ id: 'x' }, { id: 'y' }, { id: 'z' }] })).toEqual(recs);
    expect(listOf({ warning: [{ a: 1 }, { a: 2 }, { a: 3 }], runs: recs })).toEqual(recs);
    expect(listOf({ node_list: [{ x: 1 }], other: [{ y: 1 }, { y: 2 }] })).toEqual([{ x: 1 }]);
    expect(listOf({ first: [{ x: 1 }], second: [{ y: 1 }, { y: 2 }] })).toEqual([{ y: 1 }, { y: 2 }]);
  });

  it('is empty for an empty list, a record with no list, arrays of scalars, and beyond three levels', () => {
    expect(listOf({ items: [] })).toEqual([]);
    expect(listOf({ workflows: [] })).toEqual([]);
    expect(listOf({ id: 'w1', name: 'x' })).toEqual([]);
    expect(listOf({ tags: ['a', 'b'] })).toEqual([]);
    expect(listOf({ a: { b: { c: { d: recs } } } })).toEqual([]);
    expect(listOf('text')).toEqual([]);
  });
});

describe('nextOf', () => {
  it.each([
    [{ data: recs, next: 'c2' }, 'c2'],
    [{ items: recs, next_cursor: 'c2' }, 'c2'],
    [{ items: recs, nextCursor: 'c2' }, 'c2'],
    [{ items: recs, next_page_token: 'c2' }, 'c2'],
    [{ results: recs, cursor: 'c2' }, 'c2'],
    [{ items: recs, links: { next: '/api/v1/workflows/w1/runs?before=c2&limit=50' } }, 'c2'],
    [{ items: recs, _links: { next: { href: 'https://z.example/x?cursor=c2' } } }, 'c2'],
    [{ items: recs, meta: { next_cursor: 'c2' } }, 'c2'],
    [{ data: { items: recs, next: 'c2' } }, 'c2'],
    [{ items: recs, next: { href: '/x?page=3' } }, '3'],
    [{ items: recs, next: null }, undefined],
    [{ items: recs }, undefined],
    [recs, undefined],
  ])('%j → %s', (reply, next) => {
    expect(nextOf(reply)).toBe(next);
  });
});

describe('the Link header', () => {
  it('reads rel="next" among others, its cursor parameter named', () => {
    const h =
      '<https://z.example/api/v1/workflows?before=c0>; rel="prev", <https://z.example/api/v1/workflows?limit=50&before=c2>; rel="next"';
    expect(linkNext(h)).toEqual({ cursor: 'c2', param: 'before' });
    expect(linkNext('</items?page_token=t9>; rel=next')).toEqual({ cursor: 't9', param: 'page_token' });
    expect(linkNext('</items?x=1>; rel="last next"')).toEqual({ cursor: '/items?x=1' });
    expect(linkNext('</items?before=c1>; rel="prev"')).toBeUndefined();
    expect(linkNext('garbage')).toBeUndefined();
    expect(cursorOfLink('x'.repeat(5000))).toBeUndefined();
  });
});

describe('timeOf', () => {
  const at = Date.UTC(2026, 10, 27, 5, 0, 0);
  it.each([
    ['ISO text', new Date(at).toISOString()],
    ['epoch seconds', at / 1000],
    ['epoch milliseconds', at],
    ['epoch seconds as digits', String(at / 1000)],
    ['epoch milliseconds as digits', String(at)],
    ['fractional epoch seconds as text', `${at / 1000}.25`],
  ])('%s', (_n, v) => {
    expect(Math.floor(timeOf({ t: v }, 't')!.getTime() / 1000)).toBe(at / 1000);
  });

  it('is undefined for what is not a time', () => {
    expect(timeOf({ t: 'soon' }, 't')).toBeUndefined();
    expect(timeOf({ t: {} }, 't')).toBeUndefined();
    expect(timeOf({ t: Number.NaN }, 't')).toBeUndefined();
  });
});
