/**
 * undici waits for what a host holds it for (the browser host: its page's first script), or for
 * the cap, whichever comes first; nothing held, it loads at once. A fresh module per test: the
 * hold is the module's, set once by a host before anything loads it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UndiciLazy from '../../../../src-main/agent/http/undici-lazy';

let lazy: typeof UndiciLazy;
beforeEach(async () => {
  vi.resetModules();
  lazy = await import('../../../../src-main/agent/http/undici-lazy');
});

/** Whether `p` has settled by now (after the microtasks queued so far). */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setTimeout(r, 20));
  return done;
}

describe('undici, loaded lazily', () => {
  it('loads at once when nothing holds it', async () => {
    const u = await lazy.undici();
    expect(typeof u.Pool).toBe('function');
  });

  it('waits for the hold, then loads', async () => {
    let release = () => {};
    lazy.holdUndici(new Promise<void>((r) => (release = r)), 60_000);
    const loading = lazy.undici();
    expect(await settled(loading)).toBe(false);
    release();
    expect(typeof (await loading).Pool).toBe('function');
  });

  it('loads after the cap when the hold never ends', async () => {
    lazy.holdUndici(new Promise(() => {}), 150);
    const started = Date.now();
    const loading = lazy.undici();
    expect(await settled(loading)).toBe(false);
    await loading;
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
