/**
 * The second factor where the zone has the last word: a zone without an encryption key refuses
 * authenticator codes with 503 (a recovery code still works), and a remembered browser lapses
 * after 30 days on the zone's clock even though the agent's own record of the cookie is still live.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AgentError } from '../../../src-main/contract/errors';
import { loopbackFetch } from '../../support/loopback-fetch';
import { totp } from '../../e2e/support/identity-kit';
import { countingProxy } from './counting-proxy';
import { harness } from './harness';

type H = Awaited<ReturnType<typeof harness>>;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'; // the seeded totp@example.com (docs/sandbox.md)

/** A loopback proxy that notes whether each sign-in request carried the remembered-browser cookie. */
async function cookieWatch(targetPort: number) {
  const logins: boolean[] = [];
  const proxy = await countingProxy(targetPort, (req) => {
    if (req.url?.startsWith('/api/v1/auth/login'))
      logins.push(/platform_device=/.test(String(req.headers.cookie ?? '')));
  });
  return { ...proxy, logins };
}

describe('second factor decided by the zone', () => {
  let h: H;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
    await h.close();
  });

  async function newestCode(baseUrl: string, email: string): Promise<string> {
    const mail = (await (await loopbackFetch(`${baseUrl}/_sandbox/mail?to=${encodeURIComponent(email)}`)).json()) as {
      code: string;
    }[];
    return mail[0]!.code;
  }

  async function sandboxNow(baseUrl: string): Promise<number> {
    return ((await (await loopbackFetch(`${baseUrl}/_sandbox/clock`)).json()) as { now_ms: number }).now_ms;
  }

  it('refuses authenticator codes with 503 when the zone has no encryption key; a recovery code still signs in', async () => {
    h = await harness({ encryptionKey: false });
    const sz = h.sandbox.zones.find((z) => z.id === 'eu-1')!;
    const zone = await h.invoke('zones.add', { name: 'eu-1', baseUrl: sz.baseUrl });
    const first = await h.invoke('auth.login', { zone: zone.id, email: 'totp@example.com', password: 'sandbox-totp' });
    if (first.status !== 'mfa_required') throw new Error('expected a second factor');
    expect(first.method).toBe('totp');

    const code = totp(TOTP_SECRET, await sandboxNow(sz.baseUrl));
    const err = await h
      .invoke('auth.verify', { zone: zone.id, challenge: first.challenge, code, rememberDevice: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentError);
    expect((err as AgentError).status).toBe(503);
    expect((err as AgentError).code).toBe('secret_encryption_not_configured');
    expect((await h.invoke('zones.list', {})).find((z) => z.id === zone.id)?.session.state).toBe('signed_out');

    const done = await h.invoke('auth.verify', {
      zone: zone.id,
      challenge: first.challenge,
      code: 'rc-seedq-aaaaa',
      rememberDevice: false,
    });
    expect(done.status).toBe('signed_in');
  });

  it('asks for the second factor again once the remembered browser lapses on the zone clock, and the agent drops the stale cookie', async () => {
    h = await harness();
    const eu = h.sandbox.zones.find((z) => z.id === 'eu-1')!;
    const usBase = h.sandbox.zones.find((z) => z.id === 'us-1')!.baseUrl;
    const watch = await cookieWatch(Number(new URL(usBase).port));
    cleanups.push(watch.close);
    const euZone = await h.invoke('zones.add', { name: 'eu-1', baseUrl: eu.baseUrl });
    const usUrl = new URL(usBase);
    usUrl.port = String(watch.port);
    const usZone = await h.invoke('zones.add', { name: 'us-1', baseUrl: usUrl.origin });
    const login = (zone: string, email = 'dev@example.com', password = 'sandbox-dev') =>
      h.invoke('auth.login', { zone, email, password });

    const first = await login(euZone.id);
    if (first.status !== 'mfa_required') throw new Error('expected a second factor');
    await h.invoke('auth.verify', {
      zone: euZone.id,
      challenge: first.challenge,
      code: await newestCode(eu.baseUrl, 'dev@example.com'),
      rememberDevice: true,
    });
    expect((await login(usZone.id)).status).toBe('signed_in'); // remembered: no second factor
    expect(watch.logins).toEqual([true]);

    // Another account on this browser is asked for its second factor; the cookie is not its to drop.
    await h.invoke('auth.logout', { zone: usZone.id });
    expect((await login(usZone.id, 'totp@example.com', 'sandbox-totp')).status).toBe('mfa_required');
    expect((await login(usZone.id)).status).toBe('signed_in');
    expect(watch.logins).toEqual([true, true, true]);

    await h.invoke('auth.logout', { zone: usZone.id });
    await h.control('eu-1', 'clock', { advance_seconds: 30 * 24 * 3600 + 60 });
    const lapsed = await login(usZone.id);
    expect(lapsed.status).toBe('mfa_required'); // the zone decides, though the agent's clock says the cookie is live
    expect(watch.logins.at(-1)).toBe(true);
    const again = await login(usZone.id);
    expect(again.status).toBe('mfa_required');
    expect(watch.logins.at(-1)).toBe(false); // the stale cookie was forgotten, not sent again
    if (again.status !== 'mfa_required') throw new Error('unreachable');

    // Remembering this browser again replaces it: the other zone then needs no second factor.
    const done = await h.invoke('auth.verify', {
      zone: usZone.id,
      challenge: again.challenge,
      code: await newestCode(usBase, 'dev@example.com'),
      rememberDevice: true,
    });
    expect(done.status).toBe('signed_in');
    await h.invoke('auth.logout', { zone: euZone.id });
    expect((await login(euZone.id)).status).toBe('signed_in');
  });
});
