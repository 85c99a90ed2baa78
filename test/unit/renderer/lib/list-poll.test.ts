import { describe, expect, it } from 'vitest';
import { applyPoll } from '../../../../src-renderer/lib/list-poll';
import { ListSnapshots } from '../../../../src-main/agent/lists/list-snapshots';

const rec = (id: string, status = 'running') => ({ id, status });

describe('applyPoll', () => {
  it('keeps the very same array when nothing changed, and replaces only the changed records', () => {
    const full = applyPoll(undefined, { version: 'v1', items: [rec('a'), rec('b'), rec('c')] })!;
    const same = applyPoll(full, { version: 'v2', since: 'v1', length: 3, changed: [] })!;
    expect(same.items).toBe(full.items);
    expect(same.version).toBe('v2');
    const next = applyPoll(same, {
      version: 'v3',
      since: 'v2',
      length: 4,
      changed: [
        [1, rec('b', 'stopped')],
        [3, rec('d')],
      ],
    })!;
    expect(next.items).toEqual([rec('a'), rec('b', 'stopped'), rec('c'), rec('d')]);
    expect(next.items[0]).toBe(full.items[0]); // unchanged records stay the same objects
    expect(full.items[1]).toEqual(rec('b')); // the old copy is not touched
    expect(applyPoll(next, { version: 'v4', since: 'v3', length: 2, changed: [] })!.items).toEqual([
      rec('a'),
      rec('b', 'stopped'),
    ]);
  });

  it('refuses a change to a copy it does not hold, or one that leaves a hole', () => {
    const full = applyPoll(undefined, { version: 'v1', items: [rec('a')] })!;
    expect(applyPoll(undefined, { version: 'v2', since: 'v1', length: 1, changed: [] })).toBeUndefined();
    expect(applyPoll(full, { version: 'v2', since: 'v0', length: 1, changed: [] })).toBeUndefined();
    expect(applyPoll(full, { version: 'v2', since: 'v1', length: 3, changed: [[2, rec('c')]] })).toBeUndefined();
  });

  it('rebuilds what the agent read, over many random changes', () => {
    const agent = new ListSnapshots();
    let truth = Array.from({ length: 50 }, (_, i) => rec(`c${i}`));
    const asRead = (items: Record<string, unknown>[]) => ({ bytes: Buffer.from(JSON.stringify(items)), data: items });
    let copy = applyPoll(undefined, agent.read('conn', 'k', asRead(truth)))!;
    for (let round = 0; round < 200; round++) {
      truth = truth.map((r) => (Math.random() < 0.05 ? rec(r.id, r.status === 'running' ? 'stopped' : 'running') : r));
      if (Math.random() < 0.2) truth = [...truth, rec(`n${round}`)];
      if (Math.random() < 0.2) truth = truth.slice(0, -1);
      copy = applyPoll(copy, agent.read('conn', 'k', asRead(truth.map((r) => ({ ...r }))), copy.version))!;
      expect(copy.items).toEqual(truth);
    }
  });
});
