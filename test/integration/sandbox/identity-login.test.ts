/** Sign-in and second factor: challenge replies, codes, lockout, expiry, resend, remembered browsers across zones. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  advanceClock,
  call,
  login,
  mailbox,
  mailCode,
  resetSandbox,
  signIn,
  startTestSandbox,
  totpNow,
  type TestSandbox,
} from './helpers';

let sb: TestSandbox;
const DEV = ['dev@example.com', 'sandbox-dev'] as const;
const TOTP = ['totp@example.com', 'sandbox-totp'] as const;
let totpSecret: string;

beforeAll(async () => {
  sb = await startTestSandbox();
  totpSecret = sb.handle.users.find((u) => u.method === 'totp')!.totpSecret!;
});
afterAll(() => sb.close());
beforeEach(() => resetSandbox(sb.eu));

const verify = (base: string, challenge: unknown, code: string, remember = false) =>
  call(base, '/api/v1/auth/mfa/verify', { body: { challenge, code, remember_device: remember } });

describe('POST /auth/login', () => {
  it('answers 200 with the email challenge and mails a 6-digit code', async () => {
    const r = await login(sb.eu, ...DEV);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'mfa_required',
      challenge: expect.stringMatching(/^ch_/),
      method: 'email',
      email_hint: 'd**@example.com',
      resend_after_seconds: 30,
      mail_sent: true,
    });
    const [mail] = await mailbox(sb.eu, DEV[0]);
    expect(mail).toMatchObject({
      to: 'dev@example.com',
      kind: 'mfa_code',
      code: expect.stringMatching(/^\d{6}$/),
      subject: 'Your sign-in code',
    });
    expect(mail!.body).toContain(mail!.code);
  });

  it('answers the totp method, and mails nothing, when an authenticator is enrolled', async () => {
    const r = await login(sb.eu, ...TOTP);
    expect(r.body).toMatchObject({
      status: 'mfa_required',
      method: 'totp',
      email_hint: 't***@example.com',
      mail_sent: false,
    });
    expect(await mailbox(sb.eu, TOTP[0])).toEqual([]);
  });

  it('401 invalid_credentials for a wrong password or an unknown account', async () => {
    expect((await login(sb.eu, 'dev@example.com', 'nope')).body).toMatchObject({ error: 'invalid_credentials' });
    expect((await login(sb.eu, 'who@example.com', 'nope')).status).toBe(401);
  });

  it('returns real JWTs with the documented claims', async () => {
    const t = await signIn(sb.eu, ...DEV);
    expect(t).toMatchObject({ token_type: 'Bearer', expires_in: 900, refresh_token: expect.stringMatching(/^rt_/) });
    const claims = JSON.parse(Buffer.from(t.access_token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      email: 'dev@example.com',
      zone: 'eu-1',
      tenant: sb.handle.world.tenantId,
      sub: expect.any(String),
      sid: expect.any(String),
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
    expect(String(claims.scope).split(' ')).toContain('disks:restore');
    const id = JSON.parse(Buffer.from(t.id_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(id).toMatchObject({ email: 'dev@example.com', sid: claims.sid });
  });
});

describe('POST /auth/mfa/verify', () => {
  it('401 invalid_code with attempts_left, then 429 retry_later after five', async () => {
    const ch = (await login(sb.eu, ...DEV)).body.challenge;
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) left.push((await verify(sb.eu, ch, '000000')).body.attempts_left);
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const locked = await verify(sb.eu, ch, await mailCode(sb.eu, DEV[0]));
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: 'retry_later', retry_after_seconds: expect.any(Number) });
    // the lockout window runs on the sandbox clock
    await advanceClock(sb.eu, Number(locked.body.retry_after_seconds));
    expect((await verify(sb.eu, ch, await mailCode(sb.eu, DEV[0]))).status).toBe(200);
  });

  it('410 challenge_expired after the challenge lifetime', async () => {
    const ch = (await login(sb.eu, ...DEV)).body.challenge;
    const code = await mailCode(sb.eu, DEV[0]);
    await advanceClock(sb.eu, 601);
    expect(await verify(sb.eu, ch, code)).toMatchObject({ status: 410, body: { error: 'challenge_expired' } });
  });

  it('a challenge is spent once verified', async () => {
    const ch = (await login(sb.eu, ...DEV)).body.challenge;
    const code = await mailCode(sb.eu, DEV[0]);
    expect((await verify(sb.eu, ch, code)).status).toBe(200);
    expect((await verify(sb.eu, ch, code)).status).toBe(410);
  });

  it('accepts the authenticator code once; the same step is refused after', async () => {
    const code = await totpNow(sb.eu, totpSecret);
    const ch1 = (await login(sb.eu, ...TOTP)).body.challenge;
    expect((await verify(sb.eu, ch1, code)).status).toBe(200);
    const ch2 = (await login(sb.eu, ...TOTP)).body.challenge;
    expect(await verify(sb.eu, ch2, code)).toMatchObject({ status: 401, body: { error: 'invalid_code' } });
    // ±1 step of drift is allowed, and the next step is new
    expect((await verify(sb.eu, ch2, await totpNow(sb.eu, totpSecret, 1))).status).toBe(200);
  });

  it('refuses codes two steps away', async () => {
    const ch = (await login(sb.eu, ...TOTP)).body.challenge;
    expect((await verify(sb.eu, ch, await totpNow(sb.eu, totpSecret, 2))).status).toBe(401);
    expect((await verify(sb.eu, ch, await totpNow(sb.eu, totpSecret, -2))).status).toBe(401);
  });

  it('recovery codes work once', async () => {
    const [rc] = (await call<{ recovery_codes: string[] }[]>(sb.eu, '/_sandbox/users')).body[1]!.recovery_codes;
    const ch = (await login(sb.eu, ...TOTP)).body.challenge;
    expect((await verify(sb.eu, ch, rc!)).status).toBe(200);
    const ch2 = (await login(sb.eu, ...TOTP)).body.challenge;
    expect((await verify(sb.eu, ch2, rc!)).body).toMatchObject({ error: 'invalid_code' });
  });
});

describe('POST /auth/mfa/resend', () => {
  const resend = (challenge: unknown) => call(sb.eu, '/api/v1/auth/mfa/resend', { body: { challenge } });

  it('waits resend_after_seconds, mails a fresh code, and stops at the cap', async () => {
    const ch = (await login(sb.eu, ...DEV)).body.challenge;
    const first = await mailCode(sb.eu, DEV[0]);
    const early = await resend(ch);
    expect(early).toMatchObject({
      status: 429,
      body: { error: 'retry_later', retry_after_seconds: expect.any(Number) },
    });
    await advanceClock(sb.eu, 30);
    expect((await resend(ch)).body).toEqual({ mail_sent: true, resend_after_seconds: 30 });
    expect(await mailbox(sb.eu, DEV[0])).toHaveLength(2);
    const second = await mailCode(sb.eu, DEV[0]);
    await advanceClock(sb.eu, 30);
    expect((await resend(ch)).body).toMatchObject({ mail_sent: true });
    await advanceClock(sb.eu, 30);
    expect((await resend(ch)).body).toEqual({ mail_sent: false, resend_after_seconds: 30 });
    expect(await mailbox(sb.eu, DEV[0])).toHaveLength(3);
    // only the newest code is valid
    if (first !== second) expect((await verify(sb.eu, ch, first)).status).toBe(401);
    expect((await verify(sb.eu, ch, await mailCode(sb.eu, DEV[0]))).status).toBe(200);
  });

  it('400 on an authenticator challenge', async () => {
    const ch = (await login(sb.eu, ...TOTP)).body.challenge;
    expect(await resend(ch)).toMatchObject({ status: 400, body: { error: 'resend_not_available' } });
  });
});

describe('remembered browser (platform_device)', () => {
  it('sets the cookie with the spec attributes', async () => {
    const ch = (await login(sb.eu, ...DEV)).body.challenge;
    const r = await verify(sb.eu, ch, await mailCode(sb.eu, DEV[0]), true);
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^platform_device=[\w-]{20,};/);
    for (const attr of ['Domain=sandbox.localhost', 'Path=/', 'Max-Age=2592000', 'Secure', 'HttpOnly', 'SameSite=None'])
      expect(cookie).toContain(attr);
    // no cookie without remember_device
    const ch2 = (await login(sb.eu, ...DEV)).body.challenge;
    expect((await verify(sb.eu, ch2, await mailCode(sb.eu, DEV[0]))).headers.get('set-cookie')).toBeNull();
  });

  it('one cookie from eu-1 signs in directly on us-1', async () => {
    const { cookie } = await signIn(sb.eu, ...DEV, { rememberDevice: true });
    const r = await login(sb.us, ...DEV, cookie);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    expect(r.body.status).toBeUndefined();
    // the token is us-1's own
    expect((await call(sb.us, '/api/v1/auth/security', { token: String(r.body.access_token) })).status).toBe(200);
  });

  it('does not skip the second factor for another user, a bogus value, or after 30 days', async () => {
    const { cookie } = await signIn(sb.eu, ...DEV, { rememberDevice: true });
    expect((await login(sb.eu, 'viewer@example.com', 'sandbox-viewer', cookie)).body.status).toBe('mfa_required');
    expect((await login(sb.eu, ...DEV, 'platform_device=forged')).body.status).toBe('mfa_required');
    await advanceClock(sb.eu, 30 * 86_400 + 1);
    expect((await login(sb.eu, ...DEV, cookie)).body.status).toBe('mfa_required');
  });

  it('security lists devices, marks the current one; devices can be removed', async () => {
    const a = await signIn(sb.eu, ...DEV, { rememberDevice: true });
    const b = await signIn(sb.us, ...DEV, { rememberDevice: true });
    const sec = await call<{
      devices: { id: string; current: boolean; expires_at: string; label: string }[];
      totp_enabled: boolean;
      email_verified: boolean;
      locale: string;
    }>(sb.eu, '/api/v1/auth/security', { token: a.access_token, headers: { cookie: a.cookie! } });
    expect(sec.body).toMatchObject({ totp_enabled: false, email_verified: true, locale: 'en' });
    expect(sec.body.devices).toHaveLength(2);
    const current = sec.body.devices.filter((d) => d.current);
    expect(current).toHaveLength(1);
    const other = sec.body.devices.find((d) => !d.current)!;
    expect(
      (await call(sb.eu, `/api/v1/auth/devices/${other.id}`, { method: 'DELETE', token: a.access_token })).status,
    ).toBe(204);
    expect((await login(sb.us, ...DEV, b.cookie)).body.status).toBe('mfa_required');
    expect((await login(sb.us, ...DEV, a.cookie)).body.status).toBeUndefined();
    expect((await call(sb.eu, '/api/v1/auth/devices', { method: 'DELETE', token: a.access_token })).status).toBe(204);
    expect((await login(sb.us, ...DEV, a.cookie)).body.status).toBe('mfa_required');
  });
});

describe('machine credentials on sign-in routes', () => {
  it('refuses client credentials in the body, HTTP Basic, and API-client Bearer tokens', async () => {
    const body = { email: DEV[0], password: DEV[1], client_id: 'zdc_x', client_secret: 'y' };
    expect((await call(sb.eu, '/api/v1/auth/login', { body })).body).toMatchObject({
      error: 'machine_credential_not_accepted',
    });
    const basic = `Basic ${Buffer.from('zdc_x:y').toString('base64')}`;
    expect(
      (
        await call(sb.eu, '/api/v1/auth/login', {
          body: { email: DEV[0], password: DEV[1] },
          headers: { authorization: basic },
        })
      ).status,
    ).toBe(403);
  });
});
