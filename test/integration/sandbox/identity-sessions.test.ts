/** Sessions and account upkeep: refresh rotation, logout, revoke-all across zones, locale, authenticator enrolment, passwords. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src-main/sandbox/identity/crypto';
import {
  advanceClock,
  call,
  login,
  mailbox,
  mailCode,
  resetSandbox,
  sandboxNow,
  signIn,
  startTestSandbox,
  totpNow,
  type TestSandbox,
} from './helpers';

let sb: TestSandbox;
const DEV = ['dev@example.com', 'sandbox-dev'] as const;
const refresh = (base: string, refresh_token: string) => call(base, '/api/v1/auth/token', { body: { refresh_token } });
const security = (base: string, token: string) => call(base, '/api/v1/auth/security', { token });

beforeAll(async () => {
  sb = await startTestSandbox({ accessTokenTtl: 60 });
});
afterAll(() => sb.close());
beforeEach(() => resetSandbox(sb.eu));

describe('tokens', () => {
  it('expires_in is honoured on the sandbox clock and refresh rotates', async () => {
    const t = await signIn(sb.eu, ...DEV);
    expect(t.expires_in).toBe(60);
    await advanceClock(sb.eu, 61);
    expect(await security(sb.eu, t.access_token)).toMatchObject({
      status: 401,
      body: { error: 'unauthorized', message: expect.stringMatching(/expired/) },
    });
    const r = await refresh(sb.eu, t.refresh_token);
    expect(r.status).toBe(200);
    expect(r.body.refresh_token).not.toBe(t.refresh_token);
    expect((await security(sb.eu, String(r.body.access_token))).status).toBe(200);
  });

  it('a rotated-away refresh token is refused and ends the session (reuse detection)', async () => {
    const t = await signIn(sb.eu, ...DEV);
    const r1 = await refresh(sb.eu, t.refresh_token);
    expect(await refresh(sb.eu, t.refresh_token)).toMatchObject({ status: 401, body: { error: 'invalid_grant' } });
    expect((await refresh(sb.eu, String(r1.body.refresh_token))).status).toBe(401);
    expect((await security(sb.eu, String(r1.body.access_token))).status).toBe(401);
  });

  it('a refresh token belongs to its zone', async () => {
    const t = await signIn(sb.eu, ...DEV);
    expect((await refresh(sb.us, t.refresh_token)).status).toBe(401);
  });

  it('logout revokes the access token, and the refresh token when sent', async () => {
    const a = await signIn(sb.eu, ...DEV);
    expect((await call(sb.eu, '/api/v1/auth/logout', { token: a.access_token, body: {} })).status).toBe(204);
    expect((await security(sb.eu, a.access_token)).status).toBe(401);
    expect((await refresh(sb.eu, a.refresh_token)).status).toBe(200); // not sent, so still valid
    const b = await signIn(sb.eu, ...DEV);
    await call(sb.eu, '/api/v1/auth/logout', { token: b.access_token, body: { refresh_token: b.refresh_token } });
    expect((await refresh(sb.eu, b.refresh_token)).status).toBe(401);
  });

  it('revoke-all ends every session of the user in every zone at once', async () => {
    const eu = await signIn(sb.eu, ...DEV);
    const us = await signIn(sb.us, ...DEV);
    const viewer = await signIn(sb.us, 'viewer@example.com', 'sandbox-viewer');
    expect(
      (await call(sb.us, '/api/v1/auth/sessions/revoke-all', { method: 'POST', token: us.access_token })).status,
    ).toBe(204);
    expect((await security(sb.eu, eu.access_token)).status).toBe(401);
    expect((await security(sb.us, us.access_token)).status).toBe(401);
    expect((await refresh(sb.eu, eu.refresh_token)).status).toBe(401);
    expect((await security(sb.us, viewer.access_token)).status).toBe(200);
  });
});

describe('locale', () => {
  it('applies in every zone and to mails', async () => {
    const t = await signIn(sb.eu, ...DEV);
    expect(
      (await call(sb.eu, '/api/v1/auth/locale', { method: 'PUT', token: t.access_token, body: { locale: 'de' } })).body,
    ).toEqual({ locale: 'de' });
    await login(sb.us, ...DEV);
    const [mail] = await mailbox(sb.us, DEV[0]);
    expect(mail!.subject).toBe('Ihr Anmeldecode');
    await call(sb.eu, '/api/v1/auth/locale', { method: 'PUT', token: t.access_token, body: { locale: 'fr' } });
    await login(sb.eu, ...DEV);
    expect((await mailbox(sb.eu, DEV[0]))[0]!.subject).toBe('Votre code de connexion');
    expect(
      (await call(sb.eu, '/api/v1/auth/locale', { method: 'PUT', token: t.access_token, body: { locale: 'xx' } }))
        .status,
    ).toBe(400);
  });
});

describe('authenticator enrolment', () => {
  it('setup, confirm once, sign in with it, replace codes, turn off', async () => {
    const t = await signIn(sb.eu, ...DEV);
    const setup = await call<{ secret: string; otpauth_url: string }>(sb.eu, '/api/v1/auth/totp/setup', {
      method: 'POST',
      token: t.access_token,
    });
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+.*issuer=/);
    const secret = setup.body.secret;
    expect(
      (await call(sb.eu, '/api/v1/auth/totp/confirm', { token: t.access_token, body: { code: '000000' } })).status,
    ).toBe(400);
    const confirm = await call<{ recovery_codes: string[] }>(sb.eu, '/api/v1/auth/totp/confirm', {
      token: t.access_token,
      body: { code: await totpNow(sb.eu, secret) },
    });
    expect(confirm.body.recovery_codes).toHaveLength(10);
    for (const c of confirm.body.recovery_codes) expect(c).toMatch(/^rc-[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(
      (
        await call(sb.eu, '/api/v1/auth/totp/confirm', {
          token: t.access_token,
          body: { code: await totpNow(sb.eu, secret, 1) },
        })
      ).status,
    ).toBe(409);
    expect((await security(sb.eu, t.access_token)).body).toMatchObject({
      totp_enabled: true,
      recovery_codes_remaining: 10,
    });

    const ch = await login(sb.eu, ...DEV);
    expect(ch.body.method).toBe('totp');
    const signed = await signIn(sb.eu, ...DEV, { totpSecret: secret });
    expect(signed.access_token).toBeTruthy();

    expect(
      (await call(sb.eu, '/api/v1/auth/totp/recovery-codes', { token: t.access_token, body: { password: 'wrong' } }))
        .status,
    ).toBe(403);
    const fresh = await call<{ recovery_codes: string[] }>(sb.eu, '/api/v1/auth/totp/recovery-codes', {
      token: t.access_token,
      body: { password: DEV[1] },
    });
    expect(fresh.body.recovery_codes).toHaveLength(10);
    const oldCode = confirm.body.recovery_codes[0]!;
    const ch2 = (await login(sb.eu, ...DEV)).body.challenge;
    expect((await call(sb.eu, '/api/v1/auth/mfa/verify', { body: { challenge: ch2, code: oldCode } })).status).toBe(
      401,
    );

    expect(
      (await call(sb.eu, '/api/v1/auth/totp', { method: 'DELETE', token: t.access_token, body: { password: 'nope' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(sb.eu, '/api/v1/auth/totp', { method: 'DELETE', token: t.access_token, body: { password: DEV[1] } }))
        .status,
    ).toBe(204);
    expect((await login(sb.eu, ...DEV)).body.method).toBe('email');
  });
});

describe('without an encryption key', () => {
  it('fails closed: setup and authenticator codes 503; email and recovery codes still work', async () => {
    const nk = await startTestSandbox({ encryptionKey: false });
    try {
      const t = await signIn(nk.eu, ...DEV);
      expect(
        (await call(nk.eu, '/api/v1/auth/totp/setup', { method: 'POST', token: t.access_token })).body,
      ).toMatchObject({ error: 'secret_encryption_not_configured' });
      const ch = (await login(nk.eu, 'totp@example.com', 'sandbox-totp')).body.challenge;
      const secret = nk.handle.users[1]!.totpSecret!;
      const code = totpAt(secret, Math.floor((await sandboxNow(nk.eu)) / 30_000));
      const r = await call(nk.eu, '/api/v1/auth/mfa/verify', { body: { challenge: ch, code } });
      expect(r).toMatchObject({ status: 503, body: { error: 'secret_encryption_not_configured' } });
      expect(
        (await call(nk.eu, '/api/v1/auth/mfa/verify', { body: { challenge: ch, code: 'rc-seedq-aaaaa' } })).status,
      ).toBe(200);
    } finally {
      await nk.close();
    }
  });
});

describe('account routes', () => {
  it('change-password needs the current one and ends the other sessions', async () => {
    const a = await signIn(sb.eu, ...DEV);
    const b = await signIn(sb.us, ...DEV);
    expect(
      (
        await call(sb.eu, '/api/v1/auth/change-password', {
          token: a.access_token,
          body: { current_password: 'x', new_password: 'new-password-1' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(sb.eu, '/api/v1/auth/change-password', {
          token: a.access_token,
          body: { current_password: DEV[1], new_password: 'short' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(sb.eu, '/api/v1/auth/change-password', {
          token: a.access_token,
          body: { current_password: DEV[1], new_password: 'new-password-1' },
        })
      ).body,
    ).toEqual({ changed: true });
    expect((await security(sb.eu, a.access_token)).status).toBe(200);
    expect((await security(sb.us, b.access_token)).status).toBe(401);
    expect((await login(sb.eu, ...DEV)).status).toBe(401);
    expect((await login(sb.eu, DEV[0], 'new-password-1')).status).toBe(200);
  });

  it('forgot-password always answers 202 and mails a code; reset-password uses it once', async () => {
    expect((await call(sb.eu, '/api/v1/auth/forgot-password', { body: { email: 'nobody@example.com' } })).status).toBe(
      202,
    );
    expect((await call(sb.eu, '/api/v1/auth/forgot-password', { body: { email: DEV[0] } })).body).toEqual({
      accepted: true,
    });
    const code = await mailCode(sb.eu, DEV[0]);
    expect((await mailbox(sb.eu, DEV[0]))[0]!.kind).toBe('password_reset');
    const bad = await call(sb.eu, '/api/v1/auth/reset-password', {
      body: { email: DEV[0], code: '999999x', new_password: 'reset-password-1' },
    });
    expect(bad.body).toMatchObject({ error: 'invalid_code' });
    const ok = await call(sb.eu, '/api/v1/auth/reset-password', {
      body: { email: DEV[0], code, new_password: 'reset-password-1' },
    });
    expect(ok.body).toEqual({ reset: true });
    expect(
      (
        await call(sb.eu, '/api/v1/auth/reset-password', {
          body: { email: DEV[0], code, new_password: 'reset-password-2' },
        })
      ).status,
    ).toBe(400);
    expect((await login(sb.eu, DEV[0], 'reset-password-1')).status).toBe(200);
  });

  it('send-verify-email and verify-email', async () => {
    const t = await signIn(sb.eu, 'viewer@example.com', 'sandbox-viewer');
    expect((await security(sb.eu, t.access_token)).body.email_verified).toBe(false);
    expect(
      (await call(sb.eu, '/api/v1/auth/send-verify-email', { method: 'POST', token: t.access_token })).body,
    ).toMatchObject({ mail_sent: true });
    const code = await mailCode(sb.eu, 'viewer@example.com');
    expect(
      (await call(sb.eu, '/api/v1/auth/verify-email', { token: t.access_token, body: { code: '000000x' } })).status,
    ).toBe(400);
    expect((await call(sb.eu, '/api/v1/auth/verify-email', { token: t.access_token, body: { code } })).body).toEqual({
      email_verified: true,
    });
    expect((await security(sb.eu, t.access_token)).body.email_verified).toBe(true);
  });
});
