/**
 * Sign-in without a second factor: machine sign-in with an API client, and the public password
 * reset routes (they work while signed out, so they cannot go through api.call's Bearer).
 */
import { z } from 'zod';
import { AgentError } from '../../../contract/errors';
import { findRoute } from '../../../contract/routes';
import { isTokenBody } from '../../session/tokens';
import type { ZoneRuntime } from '../../zone-runtimes';
import { command, zoneId } from '../define';

const email = z.string().trim().email('Enter an e-mail address').max(320);

/** POST /oauth/token with the client credentials; the session keeps id + secret in the keychain. */
export async function machineSignIn(
  rt: ZoneRuntime,
  clientId: string,
  clientSecret: string,
): Promise<{ status: 'signed_in' }> {
  const res = await rt.client.send({
    route: findRoute('oauth.token')!,
    body: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
  if (!isTokenBody(res.data)) {
    throw new AgentError({
      status: res.status,
      code: 'bad_token_reply',
      message: 'The zone answered the token request without a token.',
    });
  }
  // A user session in this zone is replaced: revoke it at the zone first so it does not linger.
  const prev = rt.session.credential();
  if (prev?.kind === 'user') {
    await rt.session
      .send(rt.client, {
        route: findRoute('auth.logout')!,
        body: prev.refresh_token ? { refresh_token: prev.refresh_token } : {},
      })
      .catch((err: unknown) => rt.log.warn('could not revoke the user session replaced by a machine sign-in', { err }));
  }
  await rt.session.adopt(res.data, { kind: 'machine', client_id: clientId, client_secret: clientSecret });
  return { status: 'signed_in' };
}

export const authMachine = command<'auth.machine'>(
  z
    .object({
      zone: zoneId,
      clientId: z.string().trim().min(1, 'Enter the client id').max(256),
      clientSecret: z.string().trim().min(1, 'Enter the client secret').max(1024),
    })
    .strict(),
  async ({ zone, clientId, clientSecret }, ctx) => machineSignIn(ctx.zones.get(zone), clientId, clientSecret),
);

export const authForgotPassword = command<'auth.forgotPassword'>(
  z.object({ zone: zoneId, email }).strict(),
  async ({ zone, email: address }, ctx) => {
    await ctx.zones.get(zone).client.send({ route: findRoute('auth.forgotPassword')!, body: { email: address } });
    return null;
  },
);

export const authResetPassword = command<'auth.resetPassword'>(
  z
    .object({
      zone: zoneId,
      email,
      code: z.string().trim().min(1, 'Enter the code from the mail').max(64),
      newPassword: z.string().min(8, 'Use at least 8 characters').max(1024),
    })
    .strict(),
  async ({ zone, email: address, code, newPassword }, ctx) => {
    await ctx.zones.get(zone).client.send({
      route: findRoute('auth.resetPassword')!,
      body: { email: address, code: code.replace(/\s+/g, ''), new_password: newPassword },
    });
    return null;
  },
);
