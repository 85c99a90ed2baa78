/**
 * undici waits for what a host holds it for (the browser host: its page's first script), or for
 * the cap, whichever comes first; nothing held, it loads at once. A fresh module per test: the
 * hold is the module's, set once by a host before anything loads it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** undici's core and its fetch are loaded from its own files (undici-core.ts): they must still work. */
describe("undici's parts, loaded apart", () => {
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => res.end(JSON.stringify({ method: req.method, path: req.url })));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("sends through the core's Pool with its request", async () => {
    const { Pool, request } = await lazy.undici();
    const pool = new Pool(origin);
    try {
      const res = await request(pool, { origin, path: '/a?b=1', method: 'GET' });
      expect(res.statusCode).toBe(200);
      expect(await res.body.json()).toEqual({ method: 'GET', path: '/a?b=1' });
    } finally {
      await pool.close();
    }
  });

  it('fetches through the same Pool', async () => {
    const { Pool } = await lazy.undici();
    const fetch = await lazy.undiciFetch();
    const pool = new Pool(origin);
    try {
      const res = await fetch(`${origin}/c`, { dispatcher: pool });
      expect(await res.json()).toEqual({ method: 'GET', path: '/c' });
    } finally {
      await pool.close();
    }
  });
});
