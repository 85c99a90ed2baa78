/** Identity commands against the real sandbox: remembered browsers, sign out everywhere, API clients and machine sign-in. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { harness } from './harness';
import { loopbackFetch } from '../../support/loopback-fetch';

type H = Awaited<ReturnType<typeof harness>>;

describe('identity commands', () => {
  let h: H;
  beforeEach(async () => {
    h = await harness();
  });
  afterEach(async () => h.close());

  async function signInRemembered(zoneName: string) {
    const sz = h.sandbox.zones.find((z) => z.id === zoneName)!;
    const zone = await h.invoke('zones.add', { name: zoneName, baseUrl: sz.baseUrl });
    const first = await h.invoke('auth.login', { zone: zone.id, email: 'dev@example.com', password: 'sandbox-dev' });
    if (first.status === 'mfa_required') {
      const mail = (await (await loopbackFetch(`${sz.baseUrl}/_sandbox/mail?to=dev@example.com`)).json()) as {
        code: string;
      }[];
      await h.invoke('auth.verify', {
        zone: zone.id,
        challenge: first.challenge,
        code: mail[0]!.code,
        rememberDevice: true,
      });
    }
    return { zone, first };
  }

  it('remembers the browser across zones, marks it current, and forgets the cookie when it is removed', async () => {
    const eu = await signInRemembered('eu-1');
    expect(eu.first.status).toBe('mfa_required');
    const us = await signInRemembered('us-1');
    expect(us.first.status).toBe('signed_in'); // no second factor in the second zone

    const sec = await h.invoke('identity.security', { zone: us.zone.id });
    const mine = sec.devices.find((d) => d.current);
    expect(mine).toBeTruthy();
    expect(await h.invoke('identity.devices.remove', { zone: us.zone.id, id: mine!.id })).toEqual({
      forgotThisBrowser: true,
    });
    await h.invoke('auth.logout', { zone: eu.zone.id });
    const again = await h.invoke('auth.login', { zone: eu.zone.id, email: 'dev@example.com', password: 'sandbox-dev' });
    expect(again.status).toBe('mfa_required');
  });

  it('signs out every zone of the account at once', async () => {
    const eu = await signInRemembered('eu-1');
    const us = await signInRemembered('us-1');
    expect((await h.invoke('identity.accountZones', { zone: eu.zone.id })).zones.sort()).toEqual(
      [eu.zone.id, us.zone.id].sort(),
    );
    const out = await h.invoke('identity.signOutEverywhere', { zone: eu.zone.id });
    expect(out.zones.sort()).toEqual([eu.zone.id, us.zone.id].sort());
    const views = await h.invoke('zones.list', {});
    expect(views.every((z) => z.session.state === 'signed_out')).toBe(true);
  });

  it('keeps a new client secret in the agent, signs a zone in as the client, and revoking its tokens signs it out', async () => {
    const eu = await h.addAndSignIn('eu-1');
    await expect(
      h.invoke('api.call', { zone: eu.id, operationId: 'apiClients.create', body: { name: 'x' } }),
    ).rejects.toMatchObject({ code: 'unknown_operation' });
    const made = await h.invoke('apiClients.create', {
      zone: eu.id,
      name: 'ci',
      scopes: ['api_clients:read', 'api_clients:write', 'containers:read'],
    });
    expect(JSON.stringify(made)).not.toMatch(/zds_/);
    const { client_secret } = await h.invoke('apiClients.secret', { handle: made.secretHandle });
    expect(client_secret).toMatch(/^zds_/);

    const us = await h.invoke('zones.add', { name: 'us-1', baseUrl: h.sandbox.zones[1]!.baseUrl });
    await h.invoke('apiClients.useForZone', { handle: made.secretHandle, zone: us.id });
    const view = (await h.invoke('zones.list', {})).find((z) => z.id === us.id)!;
    expect(view.session).toMatchObject({ state: 'signed_in', kind: 'machine', clientId: made.client.client_id });
    await expect(h.invoke('apiClients.secret', { handle: made.secretHandle })).rejects.toMatchObject({
      code: 'secret_gone',
    });
    await h.invoke('api.call', { zone: us.id, operationId: 'containers.list' });

    const out = await h.invoke('apiClients.revokeTokens', { zone: eu.id, id: made.client.id });
    expect(out.zones).toEqual([us.id]);
    await expect(h.invoke('api.call', { zone: us.id, operationId: 'containers.list' })).rejects.toMatchObject({
      code: 'signed_out',
    });

    // Machine sign-in straight from id + secret, as the sign-in panel sends it.
    await h.invoke('auth.machine', { zone: us.id, clientId: made.client.client_id, clientSecret: client_secret });
    await h.invoke('api.call', { zone: us.id, operationId: 'containers.list' });
    await expect(
      h.invoke('auth.machine', { zone: us.id, clientId: made.client.client_id, clientSecret: 'zds_wrong' }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_client' });
  });

  it('resets a forgotten password with the mailed code', async () => {
    const sz = h.sandbox.zones[0]!;
    const zone = await h.invoke('zones.add', { name: 'eu-1', baseUrl: sz.baseUrl });
    await h.invoke('auth.forgotPassword', { zone: zone.id, email: 'dev@example.com' });
    const mail = (await (await loopbackFetch(`${sz.baseUrl}/_sandbox/mail?to=dev@example.com`)).json()) as {
      code: string;
      kind: string;
    }[];
    expect(mail[0]!.kind).toBe('password_reset');
    await h.invoke('auth.resetPassword', {
      zone: zone.id,
      email: 'dev@example.com',
      code: mail[0]!.code,
      newPassword: 'a-new-password',
    });
    const res = await h.invoke('auth.login', { zone: zone.id, email: 'dev@example.com', password: 'a-new-password' });
    expect(res.status).toBe('mfa_required');
  });
});
