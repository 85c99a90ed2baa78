/**
 * A command's AbortSignal (the page's `cancel`): a running "Save complete log" stops within a
 * second and leaves no file, partial or temp, behind; a zone call waiting on a slow zone ends
 * `cancelled` at once; and a cancelled call does not count against the zone's health.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../../src-main/contract/protocol';
import { call, signIn } from '../sandbox/helpers';
import { harness, until } from './harness';

describe('cancelling a command', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'zd-cancel-'));
  let h: Awaited<ReturnType<typeof harness>>;
  let zone: string;
  let id: string;
  beforeAll(async () => {
    h = await harness({}, { homeDir: home });
    zone = (await h.addAndSignIn('eu-1')).id;
    const base = h.sandbox.zones.find((z) => z.id === 'eu-1')!.baseUrl;
    const user = h.sandbox.users.find((u) => u.method === 'email')!;
    const token = (await signIn(base, user.email, user.password)).access_token;
    // Twenty million lines: over a gigabyte, far more than a test could wait for.
    const made = await call<{ id: string }>(base, '/api/v1/containers', {
      token,
      body: { name: 'endless-log', log_backlog: 20_000_000, start: false },
    });
    id = made.body.id;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('stops a running log archive within a second and removes the partial file', async () => {
    const dir = mkdtempSync(path.join(home, 'logs-'));
    let bytes = 0;
    const off = h.agent.onEvent((name, payload) => {
      if (name === 'download.progress') bytes = (payload as { bytes: number }).bytes;
    });
    const ctl = new AbortController();
    const reply = h.agent.invoke(
      'compute.saveLogArchive',
      { zone, kind: 'container', id, dir, progressId: 'p1' },
      h.conn,
      ctl.signal,
    );
    // Well under way: a few megabytes on disk, in the temp file.
    await until(() => bytes > 4e6, 20_000);
    expect(readdirSync(dir).length).toBe(1);
    const at = Date.now();
    ctl.abort();
    const r: Reply = await reply;
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await until(() => readdirSync(dir).length === 0, 1000);
    expect(Date.now() - at).toBeLessThan(1000);
    off();
  }, 30_000);

  it('ends a call waiting on a slow zone at once, and the zone stays healthy', async () => {
    await h.control('eu-1', 'faults', { latency_ms: 5000 });
    try {
      const ctl = new AbortController();
      const at = Date.now();
      const reply = h.agent.invoke('api.call', { zone, operationId: 'containers.list' }, h.conn, ctl.signal);
      setTimeout(() => ctl.abort(), 100);
      expect(await reply).toMatchObject({ ok: false, error: { code: 'cancelled' } });
      expect(Date.now() - at).toBeLessThan(1000);
      const health = await h.invoke('zones.health', {});
      expect(health.find((x) => x.zone === zone)?.state).not.toBe('unreachable');
    } finally {
      await h.control('eu-1', 'faults', { latency_ms: 0 });
    }
  });

  it('answers a call cancelled before it starts without running it', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const r = await h.agent.invoke(
      'zones.add',
      { name: 'never', baseUrl: 'https://never.example' },
      h.conn,
      ctl.signal,
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect((await h.invoke('zones.list', {})).some((z) => z.name === 'never')).toBe(false);
  });
});
