/** The server core over real loopback HTTP: zones by Host, routing, auth, permissions, faults, control API, WebSockets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { HttpError, type SandboxModule } from '../../../src-main/sandbox/core/types';
import { identityModule } from '../../../src-main/sandbox/identity';
import { startSandbox } from '../../../src-main/sandbox/server';
import { localhostLookup } from '../../../src-main/agent/http/localhost-lookup';
import {
  advanceClock,
  call,
  loopbackFetch,
  sandboxNow,
  setFaults,
  signIn,
  startTestSandbox,
  type TestSandbox,
} from './helpers';

/** A probe module on routes the core tests need; the real resource modules are left out. */
const probe: SandboxModule = (world) => ({
  http: {
    'containers.list': (req) => ({
      status: 200,
      json: { items: [], zone: req.zone.id, caller: req.caller?.email, q: req.query.get('q') },
    }),
    'containers.create': (req) => ({ status: 201, json: { got: req.body } }),
    'containers.get': (req) => {
      throw new HttpError(404, 'not_found', `No container ${req.params.id}.`, { id: req.params.id });
    },
    'limits.get': () => ({ status: 200, json: { tenant_id: world.tenantId } }),
  },
  ws: {
    'containers.console': (ws, req) => {
      ws.send(`hello ${req.params.id} ${req.caller?.email ?? ''}`);
      ws.on('message', (m) => ws.send(String(m)));
    },
  },
});

let sb: TestSandbox;
let dev: string;
let viewer: string;

beforeAll(async () => {
  // Long-lived tokens: the clock test moves time forward by an hour.
  sb = await startTestSandbox({ modules: [identityModule, probe], accessTokenTtl: 30 * 86_400 });
  dev = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
  viewer = (await signIn(sb.eu, 'viewer@example.com', 'sandbox-viewer')).access_token;
});
afterAll(() => sb.close());

describe('zones and routing', () => {
  it('serves every zone on one port, chosen by Host', async () => {
    expect(new URL(sb.eu).port).toBe(new URL(sb.us).port);
    const r = await call(sb.eu, '/api/v1/containers?q=x', { token: dev });
    expect(r).toMatchObject({ status: 200, body: { zone: 'eu-1', caller: 'dev@example.com', q: 'x' } });
  });

  it('answers 404 JSON for an unknown Host', async () => {
    const r = await call(`http://nowhere.sandbox.localhost:${sb.handle.port}`, '/api/v1/containers');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'unknown_zone' });
  });

  it('404 for unknown paths, 405 with Allow for wrong methods', async () => {
    expect((await call(sb.eu, '/api/v1/nope', { token: dev })).body).toMatchObject({ error: 'not_found' });
    const r = await call(sb.eu, '/api/v1/containers', { method: 'PATCH', token: dev });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET, POST');
  });

  it('prefers literal segments over parameters', async () => {
    const r = await call<{ items: { scope: string }[] }>(sb.eu, '/api/v1/api-clients/scopes', { token: dev });
    expect(r.status).toBe(200);
    expect(r.body.items.map((s) => s.scope)).toContain('disks:restore');
  });

  it('501 not_implemented for routes no module provides yet', async () => {
    const r = await call(sb.eu, '/api/v1/microvms', { token: dev });
    expect(r).toMatchObject({ status: 501, body: { error: 'not_implemented' } });
  });

  it('400 for a body that is not JSON, and passes parsed JSON on', async () => {
    expect((await call(sb.eu, '/api/v1/containers', { token: dev, body: '{nope' })).body).toMatchObject({
      error: 'invalid_json',
    });
    expect((await call(sb.eu, '/api/v1/containers', { token: dev, body: { a: 1 } })).body).toEqual({ got: { a: 1 } });
  });

  it('turns HttpError into {error, message, ...details}', async () => {
    const r = await call(sb.eu, '/api/v1/containers/abc', { token: dev });
    expect(r).toEqual({
      status: 404,
      headers: expect.anything(),
      body: { error: 'not_found', message: 'No container abc.', id: 'abc' },
    });
  });
});

describe('authentication and permissions', () => {
  it('401 without, or with a bad, Bearer token', async () => {
    expect((await call(sb.eu, '/api/v1/containers')).body).toMatchObject({ error: 'unauthorized' });
    expect((await call(sb.eu, '/api/v1/containers', { token: 'x.y.z' })).status).toBe(401);
  });

  it('binds a token to the zone that issued it', async () => {
    const r = await call(sb.us, '/api/v1/containers', { token: dev });
    expect(r.status).toBe(401);
    expect(String(r.body.message)).toMatch(/eu-1/);
  });

  it('403 names the missing permission; 501 on a route with no handler still checks it first', async () => {
    const r = await call(sb.eu, '/api/v1/limits', { token: viewer });
    expect(r).toMatchObject({
      status: 403,
      body: { error: 'forbidden', message: 'This needs the limits:read permission.' },
    });
    expect((await call(sb.eu, '/api/v1/limits', { token: dev })).status).toBe(200);
    const restore = await call(sb.eu, '/api/v1/disks/d1/snapshots/s1/restore', { method: 'POST', token: viewer });
    expect(restore.body).toMatchObject({ message: 'This needs the disks:restore permission.' });
  });

  it('viewer is read-only on resource areas', async () => {
    expect((await call(sb.eu, '/api/v1/containers', { token: viewer })).status).toBe(200);
    expect((await call(sb.eu, '/api/v1/containers', { token: viewer, body: {} })).body).toMatchObject({
      message: 'This needs the containers:write permission.',
    });
  });
});

describe('control API: clock and faults', () => {
  it('advances the clock', async () => {
    const before = await sandboxNow(sb.eu);
    const after = await advanceClock(sb.eu, 3600);
    expect(after - before).toBeGreaterThanOrEqual(3600_000);
    expect(after - before).toBeLessThan(3660_000);
  });

  it('refuses a bad clock body and unknown actions', async () => {
    expect((await call(sb.eu, '/_sandbox/clock', { body: { advance_seconds: -1 } })).status).toBe(400);
    expect((await call(sb.eu, '/_sandbox/nope')).status).toBe(404);
  });

  it('injects latency', async () => {
    await setFaults(sb.eu, { latency_ms: 150 });
    const t0 = performance.now();
    await call(sb.eu, '/api/v1/containers', { token: dev });
    const took = performance.now() - t0;
    await setFaults(sb.eu, { latency_ms: 0 });
    expect(took).toBeGreaterThanOrEqual(140);
  });

  it('injects 503 errors at the given rate and not into the control API', async () => {
    await setFaults(sb.eu, { error_rate: 1 });
    const r = await call(sb.eu, '/api/v1/containers', { token: dev });
    const users = await call(sb.eu, '/_sandbox/users');
    await setFaults(sb.eu, { error_rate: 0.5 });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => call(sb.eu, '/api/v1/containers', { token: dev }).then((x) => x.status)),
    );
    await setFaults(sb.eu, { error_rate: 0 });
    expect(r).toMatchObject({ status: 503, body: { error: 'injected_fault' } });
    expect(users.status).toBe(200);
    const failed = statuses.filter((s) => s === 503).length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
  });

  it('resets connections at reset_rate 1', async () => {
    await setFaults(sb.eu, { reset_rate: 1 });
    const err = await call(sb.eu, '/api/v1/containers', { token: dev }).catch((e: unknown) => e);
    await setFaults(sb.eu, { reset_rate: 0 });
    expect(err).toBeInstanceOf(Error);
  });

  it('validates faults as a whole', async () => {
    const r = await call(sb.eu, '/_sandbox/faults', { body: { latency_ms: 10, error_rate: 2 } });
    expect(r.status).toBe(400);
    expect((await call(sb.eu, '/_sandbox/faults')).body).toMatchObject({ latency_ms: 0, error_rate: 0 });
  });

  it('lists the seed users', async () => {
    const r = await call<{ email: string; tenant_id: string }[]>(sb.eu, '/_sandbox/users');
    expect(r.body.map((u) => u.email)).toEqual(['dev@example.com', 'totp@example.com', 'viewer@example.com']);
    expect(new Set(r.body.map((u) => u.tenant_id)).size).toBe(1);
  });

  it('counts the API requests each zone received, not control calls', async () => {
    type Seen = { count: number; recent: { method: string; path: string }[] };
    const eu = (await call<Seen>(sb.eu, '/_sandbox/requests')).body;
    const us = (await call<Seen>(sb.us, '/_sandbox/requests')).body;
    await call(sb.eu, '/api/v1/containers', { token: dev });
    await call(sb.eu, '/api/v1/nowhere', { token: dev });
    await call(sb.eu, '/_sandbox/clock');
    const after = (await call<Seen>(sb.eu, '/_sandbox/requests')).body;
    expect(after.count).toBe(eu.count + 2);
    expect(after.recent.slice(-2)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/v1/containers' }),
      expect.objectContaining({ method: 'GET', path: '/api/v1/nowhere' }),
    ]);
    expect((await call<Seen>(sb.us, '/_sandbox/requests')).body.count).toBe(us.count);
  });
});

describe('WebSockets', () => {
  const open = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ ws: WebSocket; first: string }>((resolve, reject) => {
      const ws = new WebSocket(url, { headers, lookup: localhostLookup });
      ws.once('message', (m) => resolve({ ws, first: String(m) }));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  const wsUrl = (path: string) => sb.eu.replace(/^http/, 'ws') + path;

  it('authenticates by header or access_token query and calls the module', async () => {
    const a = await open(wsUrl('/api/v1/containers/c1/console'), { authorization: `Bearer ${dev}` });
    expect(a.first).toBe('hello c1 dev@example.com');
    const b = await open(wsUrl(`/api/v1/containers/c2/console?access_token=${dev}`));
    expect(b.first).toBe('hello c2 dev@example.com');
    a.ws.close();
    b.ws.close();
  });

  it('refuses an upgrade without a token (401)', async () => {
    await expect(open(wsUrl('/api/v1/containers/c1/console'))).rejects.toThrow('HTTP 401');
  });

  it('plain GET on a WebSocket route answers 426', async () => {
    expect((await call(sb.eu, '/api/v1/containers/c1/console', { token: dev })).status).toBe(426);
  });

  it('drop_websockets cuts open sockets and tells modules', async () => {
    const { ws } = await open(wsUrl(`/api/v1/containers/c3/console?access_token=${dev}`));
    let told = false;
    sb.handle.world.events.once('drop-websockets', () => (told = true));
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    await setFaults(sb.eu, { drop_websockets: true });
    expect(await closed).toBe(1006);
    expect(told).toBe(true);
    await setFaults(sb.eu, { drop_websockets: false });
  });
});

describe('world', () => {
  it('uuidv7 is RFC 9562 shaped and sorts in creation order', () => {
    const ids = Array.from({ length: 500 }, () => sb.handle.world.uuidv7());
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    const ms = parseInt(ids[0]!.replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(ms - sb.handle.world.clock.now())).toBeLessThan(5000);
  });

  it('has the shared maps for every zone', () => {
    expect([...sb.handle.world.shared.disks.keys()]).toEqual(['eu-1', 'us-1']);
    expect(sb.handle.world.shared.instances.get('us-1')).toBeInstanceOf(Map);
  });

  it('refuses two modules claiming one route', async () => {
    const dup: SandboxModule = () => ({ http: { 'auth.login': () => ({ status: 200, json: {} }) } });
    await expect(startSandbox({ modules: [identityModule, dup] })).rejects.toThrow(/two sandbox modules.*auth\.login/);
  });

  it('serves HTTPS with a self-signed certificate under --tls', async () => {
    const s = await startTestSandbox({ tls: true, zones: ['eu-1'] });
    try {
      expect(s.eu).toMatch(/^https:\/\/eu-1\.sandbox\.localhost:\d+$/);
      const { Agent, fetch } = await import('undici');
      const dispatcher = new Agent({ connect: { lookup: localhostLookup, rejectUnauthorized: false } });
      const r = await fetch(`${s.eu}/_sandbox/users`, { dispatcher });
      expect(r.status).toBe(200);
    } finally {
      await s.close();
    }
  });
});

void loopbackFetch;
