/** The resource layer's cache and its one scheduler: reads, polling, gates, invalidation, drops. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceCache } from '../../../../src-renderer/data/resource-cache';
import { defineResource } from '../../../../src-renderer/data/resource-def';
import type { PollGate } from '../../../../src-renderer/data/poll-scheduler';

function fakeGate() {
  let hidden = false;
  const fns = new Set<() => void>();
  const gate: PollGate = { hidden: () => hidden, onVisibilityChange: (fn) => (fns.add(fn), () => fns.delete(fn)) };
  return {
    gate,
    setHidden(h: boolean) {
      hidden = h;
      for (const f of fns) f();
    },
  };
}

/** A resource whose reads are counted per zone and answer `value(zone)` (or throw it). */
function counted(poll?: number | ((d: number | undefined) => number | null)) {
  const calls: string[] = [];
  let answer: (zone: string, n: number) => number | Error = (_z, n) => n;
  const def = defineResource<number, string>({
    name: 'things.list',
    zone: (z) => z,
    poll,
    async fetch(zone) {
      calls.push(zone);
      const v = answer(zone, calls.length);
      if (v instanceof Error) throw v;
      return v;
    },
  });
  return {
    def,
    calls,
    answerWith(fn: typeof answer) {
      answer = fn;
    },
  };
}

describe('ResourceCache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads once for any number of watchers, polls at the interval while watched, and stops after', async () => {
    const { gate } = fakeGate();
    const cache = new ResourceCache({ gate });
    const r = counted(1000);
    const stopA = cache.watch(r.def, 'eu-1');
    const stopB = cache.watch(r.def, 'eu-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['eu-1']);
    expect(cache.state(r.def, 'eu-1')).toMatchObject({ data: 1, status: 'ready', error: null, stale: false });
    await vi.advanceTimersByTimeAsync(3000);
    expect(r.calls.length).toBe(4);
    stopA();
    await vi.advanceTimersByTimeAsync(1000);
    expect(r.calls.length).toBe(5);
    stopB();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(r.calls.length).toBe(5);
  });

  it('makes no read while the window is hidden, and reads what fell due as soon as it shows', async () => {
    const g = fakeGate();
    const cache = new ResourceCache({ gate: g.gate });
    const r = counted(1000);
    cache.watch(r.def, 'eu-1');
    await vi.advanceTimersByTimeAsync(0);
    g.setHidden(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(r.calls.length).toBe(1);
    g.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls.length).toBe(2);
  });

  it('does not read a zone that is not signed in, and reads it when it signs in', async () => {
    const signedIn = new Set(['eu-1']);
    const cache = new ResourceCache({ gate: fakeGate().gate, zoneActive: (z) => signedIn.has(z) });
    const r = counted(1000);
    cache.watch(r.def, 'eu-1');
    cache.watch(r.def, 'us-1');
    await vi.advanceTimersByTimeAsync(2500);
    expect(r.calls.filter((z) => z === 'us-1')).toEqual([]);
    expect(r.calls.filter((z) => z === 'eu-1').length).toBe(3);
    signedIn.add('us-1');
    cache.zonesChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls.filter((z) => z === 'us-1').length).toBe(1);
  });

  it('reads watched resources again on invalidation, marks unwatched ones stale and reads them on the next watch', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    const r = counted();
    const stop = cache.watch(r.def, 'eu-1');
    cache.watch(r.def, 'us-1')();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls.length).toBe(2);
    cache.invalidate({ zone: 'eu-1', name: 'things.list' });
    cache.invalidate({ zone: 'us-1' });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['eu-1', 'us-1', 'eu-1']);
    expect(cache.state(r.def, 'us-1').stale).toBe(true);
    cache.watch(r.def, 'us-1');
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['eu-1', 'us-1', 'eu-1', 'us-1']);
    expect(cache.state(r.def, 'us-1').stale).toBe(false);
    stop();
  });

  it('aborts a read superseded by an invalidation, reads again at once, and ignores a late reply to the old one', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    const reads: { signal: AbortSignal; release: (v: number) => void }[] = [];
    const def = defineResource<number, string>({
      name: 'slow',
      zone: (z) => z,
      fetch: (_z, { signal }) => new Promise<number>((res) => reads.push({ signal, release: res })),
    });
    cache.watch(def, 'eu-1');
    expect(reads).toHaveLength(1);
    // A mutation invalidates while the first read runs: that read may predate it.
    cache.invalidate({ zone: 'eu-1' });
    expect(reads).toHaveLength(2);
    expect(reads[0]!.signal.aborted).toBe(true);
    expect(reads[1]!.signal.aborted).toBe(false);
    reads[1]!.release(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.state(def, 'eu-1')).toMatchObject({ data: 2, status: 'ready' });
    // The old read's reply, arriving late (a fetcher that ignored its signal), shows nothing.
    reads[0]!.release(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.state(def, 'eu-1').data).toBe(2);
    expect(reads).toHaveLength(2);
  });

  it('cannot be starved: invalidations while a superseding read runs wait for it, then read once more', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    const reads: { signal: AbortSignal; release: (v: number) => void }[] = [];
    const def = defineResource<number, string>({
      name: 'slow-zone',
      zone: (z) => z,
      fetch: (_z, { signal }) => new Promise<number>((res) => reads.push({ signal, release: res })),
    });
    cache.watch(def, 'eu-1');
    cache.invalidate({ zone: 'eu-1' }); // aborts the first, starts the second
    for (let i = 0; i < 5; i++) cache.invalidate({ zone: 'eu-1' }); // the second is not aborted
    expect(reads).toHaveLength(2);
    expect(reads.map((r) => r.signal.aborted)).toEqual([true, false]);
    reads[1]!.release(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.state(def, 'eu-1').data).toBe(2);
    // One more read for all the invalidations that came meanwhile.
    expect(reads).toHaveLength(3);
    reads[2]!.release(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.state(def, 'eu-1').data).toBe(3);
    expect(reads).toHaveLength(3);
  });

  it('a watcher mounting while a read runs joins it: nothing is aborted', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    const signals: AbortSignal[] = [];
    const def = defineResource<number, string>({
      name: 'joined',
      zone: (z) => z,
      fetch: (_z, { signal }) => (signals.push(signal), new Promise<number>(() => undefined)),
    });
    cache.watch(def, 'eu-1');
    cache.watch(def, 'eu-1');
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(false);
  });

  it('keeps the last value on a failed read and marks it stale; a first failure is an error state', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    const r = counted(1000);
    r.answerWith((z, n) => (z === 'us-1' || n > 1 ? new Error('zone down') : n));
    cache.watch(r.def, 'eu-1');
    cache.watch(r.def, 'us-1');
    await vi.advanceTimersByTimeAsync(1000);
    expect(cache.state(r.def, 'eu-1')).toMatchObject({
      data: 1,
      status: 'ready',
      stale: true,
      error: { message: 'zone down' },
    });
    expect(cache.state(r.def, 'us-1')).toMatchObject({
      data: undefined,
      status: 'error',
      error: { code: 'internal_error' },
    });
  });

  it('forgets a dropped zone, ignoring a reply that arrives after the drop', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    let release!: (v: number) => void;
    const def = defineResource<number, string>({
      name: 'x',
      zone: (z) => z,
      fetch: () => new Promise<number>((res) => (release = res)),
    });
    const spy = vi.spyOn(def, 'fetch');
    const stop = cache.watch(def, 'eu-1');
    const signal = spy.mock.calls[0]![1].signal;
    cache.dropZone('eu-1');
    expect(signal.aborted).toBe(true);
    release(42);
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.state(def, 'eu-1')).toMatchObject({ data: undefined, status: 'idle' });
    stop();
  });

  it('polls at an interval chosen from the value, and not at all when it says null', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    const r = counted((d) => (d !== undefined && d < 3 ? 100 : null));
    cache.watch(r.def, 'eu-1');
    await vi.advanceTimersByTimeAsync(5000);
    expect(r.calls.length).toBe(3);
  });

  it('until() ignores the value held before it was called and resolves on a later read that satisfies it', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    const r = counted((d) => (d !== undefined && d < 4 ? 100 : null));
    r.answerWith((_z, n) => n);
    cache.watch(r.def, 'eu-1')();
    await vi.advanceTimersByTimeAsync(0);
    const got = cache.until(r.def, 'eu-1', (d) => d >= 1, 5000);
    await vi.advanceTimersByTimeAsync(0);
    await expect(got).resolves.toBe(2);
    const late = cache.until(r.def, 'eu-1', (d) => d >= 100, 1000);
    const check = expect(late).rejects.toThrow(/did not finish in time/);
    await vi.advanceTimersByTimeAsync(1000);
    await check;
  });

  it('update() changes the shown value in place; undefined leaves it', async () => {
    const cache = new ResourceCache({ gate: fakeGate().gate });
    const r = counted();
    cache.watch(r.def, 'eu-1');
    await vi.advanceTimersByTimeAsync(0);
    cache.update(r.def, 'eu-1', (d) => (d ?? 0) + 10);
    expect(cache.state(r.def, 'eu-1').data).toBe(11);
    cache.update(r.def, 'eu-1', () => undefined);
    expect(cache.state(r.def, 'eu-1').data).toBe(11);
  });
});
