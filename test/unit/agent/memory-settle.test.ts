import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const MIB = 1024 * 1024;

/** A fresh copy of the module (its timers are module state) with `gc` counted instead of run. */
async function load() {
  vi.resetModules();
  const gc = vi.fn();
  (globalThis as { gc?: () => void }).gc = gc;
  const { afterReply } = await import('../../../src-main/agent/memory-settle');
  return { afterReply, gc };
}

describe('afterReply', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as { gc?: () => void }).gc;
  });

  it('collects once, six seconds after a long reply (past V8’s throughput window), never after small ones', async () => {
    const { afterReply, gc } = await load();
    afterReply(512 * 1024);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gc).not.toHaveBeenCalled();
    afterReply(10 * MIB);
    await vi.advanceTimersByTimeAsync(5_900);
    expect(gc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(gc).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('waits for six quiet seconds after the last of several long replies', async () => {
    const { afterReply, gc } = await load();
    afterReply(10 * MIB);
    await vi.advanceTimersByTimeAsync(4_000);
    afterReply(10 * MIB);
    await vi.advanceTimersByTimeAsync(5_900);
    expect(gc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('is not put off for ever by a long list that changes at every poll, nor run more than once in ten seconds', async () => {
    const { afterReply, gc } = await load();
    const at: number[] = [];
    gc.mockImplementation(() => at.push(performance.now()));
    const start = performance.now();
    for (let t = 0; t < 70_000; t += 3_000) {
      afterReply(10 * MIB);
      await vi.advanceTimersByTimeAsync(3_000);
    }
    expect(at.length).toBeGreaterThanOrEqual(2);
    expect(at[0]! - start).toBeLessThanOrEqual(30_000);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(10_000);
  });
});
