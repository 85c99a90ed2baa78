/**
 * The live run's re-read: any stream event, whatever its name (known, unknown, the sandbox's or
 * another zone's), pokes it; a burst shares one read, at most one is in flight, pokes during a read
 * ask for exactly one more, and the stream's end reads once more after whatever is in flight.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRunEvent } from '../../../../../src-renderer/features/workflows/shapes/run-events';
import { Rereader } from '../../../../../src-renderer/features/workflows/production/run-reread';

function counter() {
  let reads = 0;
  let release: (() => void) | null = null;
  const read = () =>
    new Promise<void>((r) => {
      reads++;
      release = r;
    });
  return { read, reads: () => reads, finish: () => release?.() };
}

describe('Rereader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('one read for a burst of events, after the delay', async () => {
    const c = counter();
    const r = new Rereader(c.read, 200);
    for (let i = 0; i < 50; i++) r.poke();
    expect(c.reads()).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(c.reads()).toBe(1);
  });

  it('at most one in flight; pokes during it ask for exactly one more', async () => {
    const c = counter();
    const r = new Rereader(c.read, 200);
    r.poke();
    await vi.advanceTimersByTimeAsync(200);
    r.poke();
    r.poke();
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.reads()).toBe(1);
    c.finish();
    await vi.advanceTimersByTimeAsync(200);
    expect(c.reads()).toBe(2);
    c.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.reads()).toBe(2);
  });

  it('the final read comes after the one in flight', async () => {
    const c = counter();
    const r = new Rereader(c.read, 200);
    r.poke();
    await vi.advanceTimersByTimeAsync(200);
    const done = r.now();
    expect(c.reads()).toBe(1);
    c.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(c.reads()).toBe(2);
    c.finish();
    await done;
  });

  it('stops: no read after stop', async () => {
    const c = counter();
    const r = new Rereader(c.read, 200);
    r.poke();
    r.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.reads()).toBe(0);
  });
});

describe('events of any name are still events', () => {
  it.each([
    'run_started',
    'node.completed',
    'RunProgressed',
    'com.example.run.v1.tick',
    'message',
    'heartbeat',
    'x-unknown',
  ])('%s is read (unknown names as other), never dropped', (name) => {
    const e = readRunEvent({ type: name, id: 'a1b2-c3', data: { whatever: true } });
    expect(e.name).toBe(name);
    expect(e.kind).not.toBe('connection');
  });
});
