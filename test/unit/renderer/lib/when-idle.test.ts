/**
 * Idle work waits for the first screen (lib/when-idle.ts): the page is idle while it waits for its
 * socket, and work run then got in the first screen's way. Before the first screen is shown it
 * waits (idle or not) until its cap; once shown, it runs when the page is next idle. A fresh
 * module per test: the first screen is shown once per page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WhenIdle from '../../../../src-renderer/lib/when-idle';

let m: typeof WhenIdle;
beforeEach(async () => {
  vi.useFakeTimers();
  // The page is idle a millisecond after it is asked.
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => setTimeout(cb, 1));
  vi.resetModules();
  m = await import('../../../../src-renderer/lib/when-idle');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('waits for the first screen, however idle the page is, then runs once idle', () => {
    const fn = vi.fn();
    m.whenIdle(fn, 5_000);
    vi.advanceTimersByTime(1_000);
    expect(fn).not.toHaveBeenCalled();
    m.firstScreenShown();
    expect(fn).not.toHaveBeenCalled(); // not in the task that says so: when the page is next idle
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000); // the cap passing later runs nothing again
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('runs at its cap when the first screen never comes', () => {
    const fn = vi.fn();
    m.whenIdle(fn, 2_000);
    vi.advanceTimersByTime(1_999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('after the first screen, only waits for idle', () => {
    m.firstScreenShown();
    const fn = vi.fn();
    m.whenIdle(fn, 5_000);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
