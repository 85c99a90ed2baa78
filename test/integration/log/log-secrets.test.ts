/**
 * The log against a real sandbox: sign-in with a second factor and a remembered browser, calls,
 * a token renewal, a machine sign-in with a client secret, a refused call and an unreachable
 * zone, all at debug level. Then the file is read: every credential that crossed the wire is
 * absent, and the entries someone debugging would look for are there.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileLogger, type FileLogger } from '../../../src-main/agent/log';
import { loopbackFetch } from '../../support/loopback-fetch';
import { harness } from '../agent/harness';
import { tappingProxy } from './tapping-proxy';

type H = Awaited<ReturnType<typeof harness>>;
let h: H;
let proxy: Awaited<ReturnType<typeof tappingProxy>>;
let logs: FileLogger;
let logDataDir: string;

/** A port nothing listens on. */
async function deadPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function newestCode(baseUrl: string, email: string): Promise<string> {
  const mail = (await (await loopbackFetch(`${baseUrl}/_sandbox/mail?to=${encodeURIComponent(email)}`)).json()) as {
    code: string;
  }[];
  return mail[0]!.code;
}

beforeAll(async () => {
  logDataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-logtest-'));
  logs = createFileLogger({ dataDir: logDataDir, level: 'debug' });
  h = await harness({ accessTokenTtl: 60 }, { log: logs.log });
  proxy = await tappingProxy(h.sandbox.port);
});
afterAll(async () => {
  await proxy.close();
  await h.close();
  logs.close();
  rmSync(logDataDir, { recursive: true, force: true });
});

describe('the log file', () => {
  it('holds what happened and none of the credentials that crossed the wire', async () => {
    const sz = h.sandbox.zones[0]!;
    const base = sz.baseUrl.replace(/:\d+$/, `:${proxy.port}`);
    const user = h.sandbox.users.find((u) => u.method === 'email')!;

    // Sign-in: password, emailed code, this browser remembered (a cookie).
    const zone = await h.invoke('zones.add', { name: 'eu-1', baseUrl: base });
    const first = await h.invoke('auth.login', { zone: zone.id, email: user.email, password: user.password });
    if (first.status !== 'mfa_required') throw new Error('expected a second factor');
    const code = await newestCode(sz.baseUrl, user.email);
    expect(
      (await h.invoke('auth.verify', { zone: zone.id, challenge: first.challenge, code, rememberDevice: true })).status,
    ).toBe('signed_in');

    // Calls, then every access token expires: the next call renews.
    await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    await h.control('eu-1', 'clock', { advance_seconds: 120 });
    await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    // A refusal by the zone, and a wrong password.
    await expect(
      h.invoke('api.call', { zone: zone.id, operationId: 'containers.get', params: { id: 'no-such-container' } }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      h.invoke('auth.login', { zone: zone.id, email: user.email, password: 'wrong-password-123' }),
    ).rejects.toMatchObject({ status: 401 });

    // A client secret: made, used for a machine sign-in in the second zone.
    const made = await h.invoke('apiClients.create', { zone: zone.id, name: 'ci', scopes: ['containers:read'] });
    const { client_secret } = await h.invoke('apiClients.secret', { handle: made.secretHandle });
    const us = await h.invoke('zones.add', {
      name: 'us-1',
      baseUrl: h.sandbox.zones[1]!.baseUrl.replace(/:\d+$/, `:${proxy.port}`),
    });
    await h.invoke('auth.machine', { zone: us.id, clientId: made.client.client_id, clientSecret: client_secret });
    await h.invoke('api.call', { zone: us.id, operationId: 'containers.list' });

    // Sign out and back in: the remembered-browser cookie is sent, no second factor asked.
    await h.invoke('auth.logout', { zone: zone.id });
    expect((await h.invoke('auth.login', { zone: zone.id, email: user.email, password: user.password })).status).toBe(
      'signed_in',
    );

    // A zone that is not there.
    const gone = await h.invoke('zones.add', { name: 'gone', baseUrl: `http://127.0.0.1:${await deadPort()}` });
    await h.invoke('auth.login', { zone: gone.id, email: user.email, password: user.password }).catch(() => undefined);
    await h.invoke('zones.remove', { id: gone.id });

    logs.flush();
    const files = readdirSync(logs.dir).map((f) => path.join(logs.dir, f));
    const text = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    const entries = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);

    // What crossed the wire: user and machine tokens before and after renewal, the cookie, the secret.
    const secrets = [...proxy.secrets, client_secret, code, first.challenge, user.password];
    expect(secrets.length).toBeGreaterThan(8);
    expect([...proxy.secrets].some((s) => s.startsWith('rt_'))).toBe(true); // refresh tokens were seen
    for (const secret of secrets) {
      expect(text.includes(secret), `a credential reached the log: ${secret.slice(0, 6)}…`).toBe(false);
    }

    const msgs = entries.map((e) => `${e.component}: ${e.msg}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        'agent: agent starting',
        'agent: agent started',
        'secrets: secrets kept in memory only, as asked',
        'agent: zone added',
        'session: signed in',
        'session: session renewed',
        'cookies: remembered this browser',
        'zone: zone refused',
        'zone: zone unreachable',
        'agent: zone removed',
        'session: signed out',
      ]),
    );
    expect(entries.find((e) => e.msg === 'sign-in refused')).toMatchObject({
      zone: zone.id,
      step: 'password',
      err: { status: 401 },
    });
    expect(entries.find((e) => e.msg === 'zone refused' && e.status === 404)).toMatchObject({
      zone: zone.id,
      route: 'containers.get',
      method: 'GET',
    });
    expect(entries.find((e) => e.msg === 'zone unreachable')).toMatchObject({
      zone: gone.id,
      route: 'auth.login',
      status: 0,
      error: 'network_error',
    });
    expect(entries.every((e) => typeof e.time === 'string' && typeof e.level === 'string')).toBe(true);
  });
});
