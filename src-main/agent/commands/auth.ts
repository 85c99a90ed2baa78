/**
 * Sign-in commands. The agent sends the remembered-browser cookie, keeps the tokens and the
 * cookie the zone returns, and gives the renderer only the outcome or the challenge.
 */
import { z } from 'zod';
import type { LoginResult, MfaChallenge } from '../../contract/commands';
import { AgentError } from '../../contract/errors';
import { findRoute } from '../../contract/routes';
import type { AgentContext } from '../context';
import type { ZoneRuntime } from '../zone-runtimes';
import { isTokenBody } from '../session/tokens';
import { command, zoneId } from './define';

/** The remembered-browser cookie for this zone, as request headers (empty when there is none). */
export async function cookieHeaders(ctx: AgentContext, rt: ZoneRuntime): Promise<Record<string, string>> {
  const cookie = await ctx.cookies.header(new URL(rt.record.baseUrl).hostname);
  return cookie ? { cookie } : {};
}

/** A sign-in family call: no Bearer, the cookie sent, a cookie in the reply kept (for `owner`). */
export async function post(ctx: AgentContext, rt: ZoneRuntime, routeId: string, body: unknown, owner?: string) {
  const host = new URL(rt.record.baseUrl).hostname;
  const res = await rt.client.send({ route: findRoute(routeId)!, body, headers: await cookieHeaders(ctx, rt) });
  const setCookies = res.headers.getSetCookie();
  if (setCookies.length) await ctx.cookies.capture(host, setCookies, owner);
  return res.data;
}

/** Who each open challenge belongs to, so a cookie set at verify is kept for that account. */
const challengeOwners = new Map<string, string>();

/**
 * The zone decides when a remembered browser lapses (30 days on its clock, or removed in the
 * security screen). A second factor asked of the very account the cookie was set for means the
 * zone no longer honours it: forget it. Another account's cookie stays, as a browser keeps it.
 */
async function forgetIfLapsed(
  ctx: AgentContext,
  rt: ZoneRuntime,
  email: string,
  sentOwner: string | undefined,
): Promise<void> {
  if (sentOwner === undefined) return;
  if (sentOwner === '' || sentOwner === email.toLowerCase())
    await ctx.cookies.forget(new URL(rt.record.baseUrl).hostname);
}

/** Branch on `status` as the spec demands; never assume the token body. */
async function settle(rt: ZoneRuntime, data: unknown, email?: string): Promise<LoginResult> {
  const d = data as Record<string, unknown> | null;
  if (d && d.status === 'mfa_required') {
    return {
      status: 'mfa_required',
      challenge: String(d.challenge),
      method: d.method === 'totp' ? 'totp' : 'email',
      email_hint: String(d.email_hint ?? ''),
      resend_after_seconds: Number(d.resend_after_seconds ?? 0),
      mail_sent: d.mail_sent !== false,
    } satisfies MfaChallenge;
  }
  if (!isTokenBody(d)) {
    throw new AgentError({
      status: 200,
      code: 'unexpected_reply',
      message: 'The zone answered the sign-in with something that is neither a token nor a challenge.',
    });
  }
  await rt.session.adopt(d, { kind: 'user', ...(email ? { email } : {}) });
  return { status: 'signed_in' };
}

export const authLogin = command<'auth.login'>(
  z
    .object({
      zone: zoneId,
      email: z.string().trim().email('Enter an e-mail address'),
      password: z.string().min(1, 'Enter your password').max(1024),
    })
    .strict(),
  async ({ zone, email, password }, ctx) => {
    const rt = ctx.zones.get(zone);
    const sentOwner = await ctx.cookies.ownerOf(new URL(rt.record.baseUrl).hostname);
    const out = await post(ctx, rt, 'auth.login', { email, password }, email)
      .then((data) => settle(rt, data, email))
      .catch((err: unknown) => {
        rt.log.info('sign-in refused', { step: 'password', err });
        throw err;
      });
    if (out.status === 'mfa_required') {
      rt.log.info('sign-in asks for a second factor', {
        method: out.method,
        rememberedBrowserSent: sentOwner !== undefined,
      });
      await forgetIfLapsed(ctx, rt, email, sentOwner);
      if (challengeOwners.size > 200) challengeOwners.clear(); // abandoned challenges: never many
      challengeOwners.set(out.challenge, email);
    }
    return out;
  },
);

export const authVerify = command<'auth.verify'>(
  z
    .object({
      zone: zoneId,
      challenge: z.string().min(1).max(256),
      code: z.string().trim().min(1, 'Enter the code').max(64),
      rememberDevice: z.boolean(),
    })
    .strict(),
  async ({ zone, challenge, code, rememberDevice }, ctx) => {
    const rt = ctx.zones.get(zone);
    const owner = challengeOwners.get(challenge);
    const data = await post(
      ctx,
      rt,
      'auth.mfa.verify',
      { challenge, code: code.replace(/\s+/g, ''), remember_device: rememberDevice },
      owner,
    ).catch((err: unknown) => {
      rt.log.info('sign-in refused', { step: 'second factor', err });
      throw err;
    });
    challengeOwners.delete(challenge);
    return settle(rt, data);
  },
);

export const authResend = command<'auth.resend'>(
  z.object({ zone: zoneId, challenge: z.string().min(1).max(256) }).strict(),
  async ({ zone, challenge }, ctx) => {
    const d = (await post(ctx, ctx.zones.get(zone), 'auth.mfa.resend', { challenge })) as Record<
      string,
      unknown
    > | null;
    return { mail_sent: d?.mail_sent !== false, resend_after_seconds: Number(d?.resend_after_seconds ?? 0) };
  },
);

export const authLogout = command<'auth.logout'>(z.object({ zone: zoneId }).strict(), async ({ zone }, ctx) => {
  const rt = ctx.zones.get(zone);
  const refresh = rt.session.credential()?.refresh_token;
  try {
    // Revoke at the zone too; a zone that cannot be reached must not keep the user signed in here.
    await rt.session.send(rt.client, {
      route: findRoute('auth.logout')!,
      body: refresh ? { refresh_token: refresh } : {},
    });
  } catch (err) {
    // Signed out locally below either way.
    rt.log.warn('could not revoke the session at the zone on sign-out', { err });
  }
  await rt.session.signOut();
  return null;
});
