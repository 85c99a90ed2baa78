import { describe, expect, it } from 'vitest';
import { CursorPager, readPage } from '../../../../src-renderer/lib/cursor-pager';
import { idOf, type Raw } from '../../../../src-renderer/lib/tolerant';

const runs = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${from - i}` }));

describe('readPage', () => {
  it('reads the next cursor under its usual names', () => {
    expect(readPage({ items: runs(9, 2), next_before: 'r8' }, 2)).toEqual({ items: runs(9, 2), next: 'r8' });
    expect(readPage({ data: runs(9, 2), next: 'r8' }, 2).next).toBe('r8');
    expect(readPage({ results: runs(9, 2), cursor: 'c2' }, 2).next).toBe('c2');
    expect(readPage({ items: runs(9, 2), pagination: { next_cursor: 'p' } }, 2).next).toBe('p');
    expect(readPage({ items: runs(9, 2), next: '/api/v1/workflows/w/runs?before=r8&limit=2' }, 2).next).toBe('r8');
  });

  it('a null cursor ends the history, even on a full page', () => {
    expect(readPage({ data: runs(9, 2), next: null }, 2).next).toBeNull();
    expect(readPage({ items: runs(9, 2), next_before: null }, 2).next).toBeNull();
  });

  it("with no cursor at all: the last item's id when the page is full, else the end", () => {
    expect(readPage(runs(9, 2), 2).next).toBe('r8');
    expect(readPage([{ uuid: 'u1' }, { uuid: 'u2' }], 2).next).toBe('u2');
    expect(readPage(runs(9, 1), 2).next).toBeNull();
  });
});

/** A zone of `total` runs, newest first, answering in the given shape. */
function zone(total: () => number, shape: 'sandbox' | 'bare') {
  const calls: (string | undefined)[] = [];
  const fetch = async (before: string | undefined, limit: number): Promise<unknown> => {
    calls.push(before);
    const all = runs(total(), total());
    const from = before ? all.findIndex((r) => r.id === before) + 1 : 0;
    const items = all.slice(from, from + limit);
    if (shape === 'bare') return items;
    return { items, next_before: from + limit < all.length ? (items.at(-1)?.id ?? null) : null };
  };
  return { calls, fetch };
}

const pager = (fetch: (b: string | undefined, l: number) => Promise<unknown>, limit = 3) =>
  new CursorPager(
    fetch,
    (raw: Raw) => ({ id: idOf(raw)! }),
    (r) => r.id,
    limit,
  );

describe('CursorPager', () => {
  it.each(['sandbox', 'bare'] as const)('pages a %s history to its end, each row once', async (shape) => {
    const z = zone(() => 8, shape);
    const p = pager(z.fetch);
    while (!p.done) await p.more();
    expect(p.items.map((r) => r.id)).toEqual(runs(8, 8).map((r) => r.id));
    expect(z.calls[0]).toBeUndefined();
    expect(z.calls[1]).toBe('r6');
    expect(await p.more()).toEqual([]);
  });

  it('puts runs another client started on top at the next poll, and keeps the older pages', async () => {
    let total = 10;
    const z = zone(() => total, 'sandbox');
    const p = pager(z.fetch);
    await p.more();
    await p.more();
    expect(p.items.length).toBe(6);
    total = 12;
    await p.head();
    expect(p.items.map((r) => r.id).slice(0, 4)).toEqual(['r12', 'r11', 'r10', 'r9']);
    expect(p.items.length).toBe(8);
    await p.more();
    expect(p.items.map((r) => r.id).at(-1)).toBe('r2');
  });

  it('starts over when more runs came than a page holds', async () => {
    let total = 10;
    const z = zone(() => total, 'sandbox');
    const p = pager(z.fetch);
    await p.more();
    total = 20;
    await p.head();
    expect(p.items.map((r) => r.id)).toEqual(['r20', 'r19', 'r18']);
    expect(p.next).toBe('r18');
  });

  it('stops when a zone hands the same cursor back', async () => {
    let n = 0;
    const p = pager(async () => {
      n++;
      return { items: runs(3, 3), next: 'same' };
    });
    await p.more();
    await p.more();
    await p.more();
    expect(p.done).toBe(true);
    expect(n).toBeLessThanOrEqual(2);
  });

  it('asks for the same page again after a failed read (a retry is not a cursor handed back)', async () => {
    const z = zone(() => 8, 'sandbox');
    let fail = false;
    const p = pager(async (b, l) => {
      if (fail) throw new Error('no answer');
      return z.fetch(b, l);
    });
    await p.more();
    fail = true;
    await expect(p.more()).rejects.toThrow('no answer');
    fail = false;
    await p.more();
    expect(p.done).toBe(false);
    expect(p.items.map((r) => r.id).at(-1)).toBe('r3');
  });
});

describe('CursorPager head polls', () => {
  it('keeps the held rows and array when a poll brings nothing new', async () => {
    const z = zone(() => 6, 'sandbox');
    const p = new CursorPager(
      z.fetch,
      (raw: Raw) => ({ id: idOf(raw)! }),
      (r) => r.id,
      3,
      (a, b) => a.id === b.id,
    );
    await p.more();
    const before = p.items;
    const first = p.items[0];
    expect(await p.head()).toBe(false);
    expect(p.items).toBe(before);
    expect(p.items[0]).toBe(first);
  });
});
