/**
 * Re-pointing a zone at another origin signs it out and forgets what was stored for the old one:
 * the new address never receives the refresh token, the API client's secret or the remembered-browser cookie.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { harness } from './harness';
import type { SessionView } from '../../../src-main/contract/commands';
import { createMemorySecretStore } from '../../../src-main/agent/secrets/secret-store';
import { ZoneRuntimes } from '../../../src-main/agent/zone-runtimes';
import { type Recorded, recordingZone } from './recording-zone';
import { loopbackFetch } from '../../support/loopback-fetch';

type H = Awaited<ReturnType<typeof harness>>;
let h: H | undefined;
let rec: Awaited<ReturnType<typeof recordingZone>> | undefined;
afterEach(async () => {
  await rec?.close();
  await h?.close();
  h = rec = undefined;
});

/** Nothing stored may reach the new address: no Bearer, no cookie, no refresh token, no client credentials. */
function expectNothingStored(seen: Recorded[], secrets: string[]) {
  for (const r of seen) {
    expect(r.headers.authorization, `${r.method} ${r.path}`).toBeUndefined();
    expect(r.headers.cookie ?? '', `${r.method} ${r.path}`).not.toMatch(/platform_device/);
    expect(r.body, `${r.method} ${r.path}`).not.toMatch(/refresh_token|client_secret|client_credentials/);
    for (const s of secrets) expect(JSON.stringify(r), `${r.method} ${r.path}`).not.toContain(s);
  }
  expect(seen.map((r) => `${r.method} ${r.path}`)).not.toContain('POST /api/v1/auth/token');
  expect(seen.map((r) => `${r.method} ${r.path}`)).not.toContain('POST /oauth/token');
}

/** The zone's session once it has settled signed out with a reason (a late renewal would have been tried by then). */
async function settledSignedOut(hh: H, id: string) {
  for (const end = Date.now() + 5000; Date.now() < end;) {
    const v = (await hh.invoke('zones.list', {})).find((z) => z.id === id)!;
    if (v.session.state === 'signed_out' && v.session.reason) return v.session;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the zone did not settle signed out');
}

describe('re-pointing a zone', () => {
  it('signs a user zone out and sends neither its refresh token nor its remembered-browser cookie to the new address', async () => {
    h = await harness();
    rec = await recordingZone();
    const sz = h.sandbox.zones.find((z) => z.id === 'eu-1')!;
    const zone = await h.invoke('zones.add', { name: 'eu-1', baseUrl: sz.baseUrl });
    const first = await h.invoke('auth.login', { zone: zone.id, email: 'dev@example.com', password: 'sandbox-dev' });
    expect(first.status).toBe('mfa_required');
    if (first.status !== 'mfa_required') return;
    const mail = (await (await loopbackFetch(`${sz.baseUrl}/_sandbox/mail?to=dev@example.com`)).json()) as {
      code: string;
    }[];
    await h.invoke('auth.verify', {
      zone: zone.id,
      challenge: first.challenge,
      code: mail[0]!.code,
      rememberDevice: true,
    });
    await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });

    // Same parent domain as the cookie, so only forgetting it keeps it from the new address.
    const moved = await h.invoke('zones.update', {
      id: zone.id,
      baseUrl: `http://elsewhere.sandbox.localhost:${rec.port}`,
    });
    expect(moved.session.state).toBe('signed_out');
    const session = await settledSignedOut(h, zone.id);
    expectNothingStored(rec.seen, []);
    expect(session.reason).toMatch(/address changed/i);
    await expect(h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' })).rejects.toMatchObject({
      code: 'signed_out',
    });
    // The person signs in again at the new address: only what they type goes there.
    await expect(
      h.invoke('auth.login', { zone: zone.id, email: 'dev@example.com', password: 'sandbox-dev' }),
    ).rejects.toMatchObject({ status: 401 });
    await new Promise((r) => setTimeout(r, 200)); // any late renewal would have arrived by now
    expect(rec.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/auth/login']);
    expectNothingStored(rec.seen, []);
  });

  it('signs a machine zone out and never sends the API client id and secret to the new address', async () => {
    h = await harness();
    rec = await recordingZone();
    const eu = await h.addAndSignIn('eu-1');
    const made = await h.invoke('apiClients.create', { zone: eu.id, name: 'ci', scopes: ['containers:read'] });
    const { client_secret } = await h.invoke('apiClients.secret', { handle: made.secretHandle });
    const us = await h.invoke('zones.add', { name: 'us-1', baseUrl: h.sandbox.zones[1]!.baseUrl });
    await h.invoke('auth.machine', { zone: us.id, clientId: made.client.client_id, clientSecret: client_secret });
    await h.invoke('api.call', { zone: us.id, operationId: 'containers.list' });

    await h.invoke('zones.update', { id: us.id, baseUrl: `http://127.0.0.1:${rec.port}` });
    const session = await settledSignedOut(h, us.id);
    expectNothingStored(rec.seen, [client_secret, made.client.client_id]);
    expect(session.reason).toMatch(/address changed/i);
    await expect(h.invoke('api.call', { zone: us.id, operationId: 'containers.list' })).rejects.toMatchObject({
      code: 'signed_out',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(rec.seen).toEqual([]);
    expectNothingStored(rec.seen, [client_secret, made.client.client_id]);
    // The other zone, still at its own address, keeps its session.
    await h.invoke('api.call', { zone: eu.id, operationId: 'containers.list' });
  });

  it('keeps the session when only the name or colour changes', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    await h.invoke('zones.update', { id: zone.id, name: 'Europe', color: '#d03050' });
    await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    expect((await h.invoke('zones.list', {})).find((z) => z.id === zone.id)!.session.state).toBe('signed_in');
  });
});

describe('a stored credential from another origin', () => {
  it('is forgotten at start, never sent (zones.json edited while the app was closed)', async () => {
    rec = await recordingZone();
    const secrets = createMemorySecretStore();
    const key = 'zone:eu-1:credential';
    await secrets.set(
      key,
      JSON.stringify({ kind: 'user', refresh_token: 'rt_from_the_old_zone', origin: 'https://eu-1.example.com' }),
    );
    const seen: SessionView[] = [];
    const runtimes = new ZoneRuntimes(secrets, (_z, s) => seen.push(s));
    const [rt] = runtimes.sync([
      {
        id: 'eu-1',
        name: 'eu-1',
        baseUrl: `http://127.0.0.1:${rec.port}`,
        color: '#2080f0',
        sandbox: false,
        protected: false,
        createdAt: '',
      },
    ]);
    await rt!.session.restore();
    expect(rec.seen).toEqual([]);
    expect(await secrets.get(key)).toBeNull();
    expect(rt!.session.view()).toMatchObject({ state: 'signed_out', reason: expect.stringMatching(/address changed/) });
    await runtimes.closeAll();
  });
});
