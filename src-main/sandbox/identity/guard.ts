/** Input and caller checks shared by the identity handlers. */
import { HttpError, type SandboxRequest } from '../core/types';
import type { IdentityService } from './service';
import type { UserRec } from './state';

const machineRefused = () =>
  new HttpError(
    403,
    'machine_credential_not_accepted',
    'The /api/v1/auth/ routes do not accept API client credentials; machines use POST /oauth/token.',
  );

/**
 * Sign-in routes are public, so the core attaches no caller: look at what was sent. An API-client
 * token, HTTP Basic client credentials or client_id/client_secret in the body are refused.
 */
export function refuseMachineCredential(svc: IdentityService, req: SandboxRequest): void {
  const auth = req.headers.authorization ?? '';
  if (/^Basic\s/i.test(auth)) throw machineRefused();
  const bearer = /^Bearer\s+(\S+)/i.exec(auth)?.[1];
  if (bearer && svc.claims(bearer)?.typ === 'machine') throw machineRefused();
  const b = req.body;
  if (b && typeof b === 'object' && ('client_id' in b || 'client_secret' in b)) throw machineRefused();
}

/** The signed-in user behind a non-public /auth/ route; API clients are refused. */
export function requireUser(svc: IdentityService, req: SandboxRequest): UserRec {
  const c = req.caller;
  if (!c) throw new HttpError(401, 'unauthorized', 'This needs an Authorization: Bearer <token> header.');
  if (c.kind === 'machine') throw machineRefused();
  const u = svc.state.users[c.userId];
  if (!u) throw new HttpError(401, 'unauthorized', 'The session has ended; sign in again.');
  return u;
}

export function bodyObject(req: SandboxRequest): Record<string, unknown> {
  const b = req.body ?? {};
  if (typeof b !== 'object' || Array.isArray(b))
    throw new HttpError(400, 'invalid_request', 'The body must be a JSON object.');
  return b as Record<string, unknown>;
}

export function str(body: Record<string, unknown>, key: string, opts: { min?: number; max?: number } = {}): string {
  const v = body[key];
  if (typeof v !== 'string' || v.trim() === '')
    throw new HttpError(400, 'invalid_request', `${key} is required (a string).`);
  if (opts.min !== undefined && v.length < opts.min)
    throw new HttpError(400, 'invalid_request', `${key} must be at least ${opts.min} characters.`);
  if (opts.max !== undefined && v.length > opts.max)
    throw new HttpError(400, 'invalid_request', `${key} must be at most ${opts.max} characters.`);
  return v;
}

export const optStr = (body: Record<string, unknown>, key: string, max = 500): string | undefined =>
  body[key] === undefined ? undefined : str(body, key, { max });

export const json = (status: number, body: unknown, headers?: Record<string, string | string[]>) => ({
  status,
  json: body,
  headers,
});
export const empty = (status = 204) => ({ status, empty: true as const });

/** The platform_device cookie value from a request, if any. */
export function deviceCookie(req: SandboxRequest): string | undefined {
  const raw = req.headers.cookie ?? '';
  for (const part of raw.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === 'platform_device') return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** Re-authentication for sensitive changes (recovery codes, authenticator off). */
export function requirePassword(
  user: UserRec,
  body: Record<string, unknown>,
  check: (pw: string, hash: string) => boolean,
): void {
  const pw = body.password;
  if (typeof pw !== 'string' || !check(pw, user.passwordHash)) {
    throw new HttpError(403, 'invalid_password', 'The password is not correct.');
  }
}
