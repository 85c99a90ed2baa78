import { describe, expect, it } from 'vitest';
import { ListSnapshots, MOST_MARKED, PER_CONNECTION } from '../../../src-main/agent/lists/list-snapshots';

const rows = (n: number, status = 'running') =>
  Array.from({ length: n }, (_, i) => ({ id: `c${i}`, status, tags: { n: i } }));
/** A reply as the zone client gives it: bytes and what they decoded to. */
const asRead = (items: Record<string, unknown>[]) => ({ bytes: Buffer.from(JSON.stringify(items)), data: items });

describe('list snapshots (list.poll)', () => {
  it('sends every record first, then only the positions that changed since the version the caller holds', () => {
    const s = new ListSnapshots();
    const first = s.read('conn', 'k', asRead(rows(10)));
    expect(first).toMatchObject({ items: rows(10) });
    const same = s.read('conn', 'k', asRead(rows(10)), first.version);
    expect(same).toEqual({ version: expect.any(String), since: first.version, length: 10, changed: [] });
    expect(same.version).not.toBe(first.version);
    const next = rows(11);
    next[3] = { ...next[3]!, status: 'stopped' };
    next[7]!.tags = { n: 70 }; // a nested change counts too
    expect(s.read('conn', 'k', asRead(next), same.version)).toMatchObject({
      length: 11,
      changed: [
        [3, next[3]],
        [7, next[7]],
        [10, next[10]],
      ],
    });
  });

  it('sends everything again for an unknown or stale version, another list, another connection, or mostly new records', () => {
    const s = new ListSnapshots();
    const v1 = s.read('a', 'k', asRead(rows(4))).version;
    const v2 = s.read('a', 'k', asRead(rows(4)), v1).version;
    expect(s.read('a', 'k', asRead(rows(4)), v1)).toHaveProperty('items'); // v1 was replaced by v2
    expect(s.read('a', 'other', asRead(rows(4)), v2)).toHaveProperty('items');
    expect(s.read('b', 'k', asRead(rows(4)), v2)).toHaveProperty('items');
    const v3 = s.read('a', 'k', asRead(rows(4))).version;
    expect(s.read('a', 'k', asRead(rows(4, 'stopped')), v3)).toHaveProperty('items'); // all changed: the whole list is simpler
  });

  it('answers unchanged reply bytes without comparing records, and hands back the last bytes (not records) for the zone client', () => {
    const s = new ListSnapshots();
    const first = asRead(rows(3));
    const v = s.read('a', 'k', first).version;
    // The records are not kept: the zone client, given the same bytes, answers with this null and read() never looks.
    expect(s.last('a', 'k')).toEqual({ bytes: first.bytes, data: null });
    expect(s.last('a', 'k')!.bytes).toBe(first.bytes);
    // Same bytes (a copy, or the buffer itself as the zone client hands it back), records that would
    // compare unequal: the bytes decide, nothing is parsed or walked.
    const again = s.read('a', 'k', { bytes: Buffer.from(first.bytes), data: rows(3, 'stopped') }, v);
    expect(again).toMatchObject({ since: v, length: 3, changed: [] });
    expect(s.read('a', 'k', { bytes: first.bytes, data: null }, again.version)).toMatchObject({
      length: 3,
      changed: [],
    });
    expect(s.last('b', 'k')).toBeUndefined();
  });

  it('sends the whole unchanged list again from the kept bytes, wherever the zone put the records', () => {
    const s = new ListSnapshots();
    const enveloped = { data: { items: [...rows(3), 'not a record'] }, total: 3 };
    const reply = { bytes: Buffer.from(JSON.stringify(enveloped)), data: enveloped };
    s.read('a', 'k', reply);
    // A new screen (no version): the zone client hands back the kept bytes and no records.
    expect(s.read('a', 'k', { bytes: reply.bytes, data: null })).toEqual({
      version: expect.any(String),
      items: rows(3),
    });
    const empty = { bytes: Buffer.alloc(0), data: null };
    s.read('a', 'e', empty);
    expect(s.read('a', 'e', empty)).toEqual({ version: expect.any(String), items: [] });
  });

  it('tells a changed record by its content, nested or moved, not by its identity', () => {
    const s = new ListSnapshots();
    const v = s.read('a', 'k', asRead(rows(6))).version;
    const next = rows(6);
    next[2] = { ...next[2]!, tags: { n: 2, extra: [1, { deep: true }] } as { n: number } };
    const moved = s.read('a', 'k', asRead(next), v);
    expect(moved).toEqual({ version: expect.any(String), since: v, length: 6, changed: [[2, next[2]]] });
    // The same records swapped in place: both positions changed.
    const swapped = [...next];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(s.read('a', 'k', asRead(swapped), moved.version)).toMatchObject({
      changed: [
        [0, swapped[0]],
        [1, swapped[1]],
      ],
    });
  });

  it('shrinks by length alone, forgets a dropped connection, and keeps a bounded number of lists', () => {
    const s = new ListSnapshots();
    const v = s.read('a', 'k', asRead(rows(5))).version;
    const shorter = s.read('a', 'k', asRead(rows(3)), v);
    expect(shorter).toMatchObject({ length: 3, changed: [] });
    s.drop('a');
    expect(s.read('a', 'k', asRead(rows(3)), shorter.version)).toHaveProperty('items');
    const kept = s.read('a', 'first', asRead(rows(1))).version;
    for (let i = 0; i < PER_CONNECTION; i++) s.read('a', `list-${i}`, asRead(rows(1)));
    expect(s.read('a', 'first', asRead(rows(1)), kept)).toHaveProperty('items'); // evicted as the oldest
  });

  it('forgets a copy nobody has read for 90 s (a list now off screen): read again, it is sent whole', () => {
    let now = 0;
    const s = new ListSnapshots(() => now);
    const off = s.read('a', 'off', asRead(rows(3))).version;
    let on = s.read('a', 'on', asRead(rows(3))).version;
    for (now = 30_000; now <= 120_000; now += 30_000) {
      on = s.read('a', 'on', asRead(rows(3)), on).version; // watched: polled every 30 s at most
    }
    expect(s.last('a', 'off')).toBeUndefined();
    expect(s.last('a', 'on')).toBeDefined();
    expect(s.read('a', 'off', asRead(rows(3)), off)).toHaveProperty('items');
    expect(s.read('a', 'on', asRead(rows(3)), on)).toMatchObject({ changed: [] });
    now += 91_000;
    s.read('b', 'other', asRead(rows(1)));
    expect(s.last('a', 'on')).toBeUndefined(); // a connection whose lists all went unread goes too
  });

  it('keeps no marks for a list of more than MOST_MARKED records: unchanged polls still say so, a changed one sends it whole', () => {
    const s = new ListSnapshots();
    const tiny = Array.from({ length: MOST_MARKED + 1 }, () => ({}));
    const v1 = s.read('a', 'k', asRead(tiny)).version;
    const same = s.read('a', 'k', asRead(tiny), v1);
    expect(same).toMatchObject({ since: v1, length: MOST_MARKED + 1, changed: [] });
    const changed = [...tiny];
    changed[5] = { id: 'x' };
    const whole = s.read('a', 'k', asRead(changed), same.version);
    expect(whole).not.toHaveProperty('changed');
    expect('items' in whole && whole.items[5]).toEqual({ id: 'x' });
    // Back under the cap, the next change is told by position again once marks exist on both sides.
    const v3 = s.read('a', 'k', asRead(rows(4))).version;
    expect(s.read('a', 'k', asRead(rows(5)), v3)).toMatchObject({ changed: [[4, rows(5)[4]]] });
  });
});
