/** The token endpoint and API clients: grants, credentials forms, scopes as permissions, rotate, revoke, delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, machineToken, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let dev: string;
let viewer: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  dev = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
  viewer = (await signIn(sb.eu, 'viewer@example.com', 'sandbox-viewer')).access_token;
});
afterAll(() => sb.close());

const tokenFor = (base: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  call<{ access_token: string; token_type: string; expires_in: number; scope: string; error?: string }>(
    base,
    '/oauth/token',
    { body, headers },
  );

describe('API clients CRUD', () => {
  it('creates (secret once), lists, gets, patches, deletes', async () => {
    const created = await call<Record<string, unknown>>(sb.eu, '/api/v1/api-clients', {
      token: dev,
      body: { name: 'ci', description: 'pipeline', scopes: ['containers:read', 'limits:read'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(String),
      client_id: expect.stringMatching(/^zdc_/),
      client_secret: expect.stringMatching(/^zds_/),
      name: 'ci',
      description: 'pipeline',
      scopes: ['containers:read', 'limits:read'],
      created_at: expect.any(String),
    });
    const id = String(created.body.id);
    const got = await call(sb.eu, `/api/v1/api-clients/${id}`, { token: dev });
    expect(got.body.client_secret).toBeUndefined();
    const list = await call<{ items: { id: string }[] }>(sb.us, '/api/v1/api-clients', {
      token: (await signIn(sb.us, 'dev@example.com', 'sandbox-dev')).access_token,
    });
    expect(list.body.items.map((c) => c.id)).toContain(id); // one identity service behind both zones
    const patched = await call(sb.eu, `/api/v1/api-clients/${id}`, {
      method: 'PATCH',
      token: dev,
      body: { name: 'ci-2', scopes: ['containers:read'] },
    });
    expect(patched.body).toMatchObject({ name: 'ci-2', description: 'pipeline', scopes: ['containers:read'] });
    expect((await call(sb.eu, `/api/v1/api-clients/${id}`, { method: 'DELETE', token: dev })).status).toBe(204);
    expect((await call(sb.eu, `/api/v1/api-clients/${id}`, { token: dev })).status).toBe(404);
  });

  it('validates scopes: unknown 400, not held 403', async () => {
    expect(
      (await call(sb.eu, '/api/v1/api-clients', { token: dev, body: { name: 'x', scopes: ['root'] } })).body,
    ).toMatchObject({ error: 'invalid_scope' });
    const v = await call(sb.eu, '/api/v1/api-clients', { token: viewer, body: { name: 'x', scopes: ['limits:read'] } });
    expect(v.status).toBe(403); // viewer lacks api_clients:write as well as limits:read
  });

  it('lists the scopes the caller may grant, with descriptions', async () => {
    const all = await call<{ items: { scope: string; description: string }[] }>(sb.eu, '/api/v1/api-clients/scopes', {
      token: dev,
    });
    const mine = await call<{ items: { scope: string }[] }>(sb.eu, '/api/v1/api-clients/scopes', { token: viewer });
    expect(all.body.items.map((s) => s.scope)).toEqual(
      expect.arrayContaining([
        'disks:restore',
        'disks:update',
        'deploy_servers:manage',
        'limits:read',
        'containers:write',
      ]),
    );
    expect(all.body.items.every((s) => s.description.length > 5)).toBe(true);
    expect(mine.body.items.map((s) => s.scope)).not.toContain('limits:read');
  });
});

describe('POST /oauth/token', () => {
  it('issues a token for form, JSON and Basic credentials; its scopes are the permissions', async () => {
    const c = await machineToken(sb.eu, dev, ['limits:read', 'containers:read']);
    const form = await call(sb.eu, '/oauth/token', {
      body: `grant_type=client_credentials&client_id=${c.client_id}&client_secret=${c.client_secret}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'limits:read containers:read',
    });
    const basic = await tokenFor(
      sb.eu,
      { grant_type: 'client_credentials' },
      { authorization: `Basic ${Buffer.from(`${c.client_id}:${c.client_secret}`).toString('base64')}` },
    );
    expect(basic.status).toBe(200);
    const narrowed = await tokenFor(sb.eu, {
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
      scope: 'containers:read',
    });
    expect(narrowed.body.scope).toBe('containers:read');
    // machine permissions: limits:read yes (501/200 past the check), disks:restore no
    expect((await call(sb.eu, '/api/v1/limits', { token: c.access_token })).status).not.toBe(403);
    expect((await call(sb.eu, '/api/v1/limits', { token: narrowed.body.access_token })).status).toBe(403);
    expect(
      (await call(sb.eu, '/api/v1/disks/d/snapshots/s/restore', { method: 'POST', token: c.access_token })).status,
    ).toBe(403);
    // tokens come from each zone's own endpoint
    expect((await call(sb.us, '/api/v1/limits', { token: c.access_token })).status).toBe(401);
    expect(
      (
        await tokenFor(sb.us, {
          grant_type: 'client_credentials',
          client_id: c.client_id,
          client_secret: c.client_secret,
        })
      ).status,
    ).toBe(200);
  });

  it('401 invalid_client, 400 unsupported_grant_type', async () => {
    const c = await machineToken(sb.eu, dev, []);
    expect(
      await tokenFor(sb.eu, { grant_type: 'client_credentials', client_id: c.client_id, client_secret: 'wrong' }),
    ).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(
      await tokenFor(sb.eu, { grant_type: 'client_credentials', client_id: 'zdc_nope', client_secret: 'x' }),
    ).toMatchObject({ status: 401 });
    expect(
      await tokenFor(sb.eu, { grant_type: 'password', username: 'dev@example.com', password: 'sandbox-dev' }),
    ).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
  });

  it('rotate: new secret once, old one stops working, issued tokens keep working', async () => {
    const c = await machineToken(sb.eu, dev, ['containers:read']);
    const rot = await call<{ client_secret: string }>(sb.eu, `/api/v1/api-clients/${c.id}/rotate`, {
      method: 'POST',
      token: dev,
    });
    expect(rot.body.client_secret).toMatch(/^zds_/);
    expect(rot.body.client_secret).not.toBe(c.client_secret);
    expect(
      (
        await tokenFor(sb.eu, {
          grant_type: 'client_credentials',
          client_id: c.client_id,
          client_secret: c.client_secret,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await tokenFor(sb.eu, {
          grant_type: 'client_credentials',
          client_id: c.client_id,
          client_secret: rot.body.client_secret,
        })
      ).status,
    ).toBe(200);
  });

  it('revoke-tokens invalidates every issued token; delete too', async () => {
    const c = await machineToken(sb.eu, dev, ['api_clients:read']);
    expect((await call(sb.eu, '/api/v1/api-clients', { token: c.access_token })).status).toBe(200);
    expect(
      (await call(sb.eu, `/api/v1/api-clients/${c.id}/revoke-tokens`, { method: 'POST', token: dev })).status,
    ).toBe(204);
    expect((await call(sb.eu, '/api/v1/api-clients', { token: c.access_token })).status).toBe(401);
    const again = await tokenFor(sb.eu, {
      grant_type: 'client_credentials',
      client_id: c.client_id,
      client_secret: c.client_secret,
    });
    expect((await call(sb.eu, '/api/v1/api-clients', { token: again.body.access_token })).status).toBe(200);
    await call(sb.eu, `/api/v1/api-clients/${c.id}`, { method: 'DELETE', token: dev });
    expect((await call(sb.eu, '/api/v1/api-clients', { token: again.body.access_token })).status).toBe(401);
  });

  it('machine credentials are refused on the sign-in routes and on account routes', async () => {
    const c = await machineToken(sb.eu, dev, ['api_clients:read']);
    const login = await call(sb.eu, '/api/v1/auth/login', {
      token: c.access_token,
      body: { email: 'dev@example.com', password: 'sandbox-dev' },
    });
    expect(login).toMatchObject({ status: 403, body: { error: 'machine_credential_not_accepted' } });
    expect(
      (await call(sb.eu, '/api/v1/auth/mfa/verify', { token: c.access_token, body: { challenge: 'ch_x', code: '1' } }))
        .status,
    ).toBe(403);
    expect((await call(sb.eu, '/api/v1/auth/security', { token: c.access_token })).status).toBe(403);
  });
});
