/** Who may call a route: Bearer authentication, then the route's permission or area scope. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Route } from '../../contract/routes';
import { requiredScope } from './scopes';
import { type Caller, HttpError, type SandboxZone } from './types';

/** Verifies a Bearer token for a zone; throws HttpError 401 when it is unknown, expired or revoked. */
export type Authenticate = (token: string, zone: SandboxZone) => Caller;

export function bearerFrom(headers: IncomingHttpHeaders, query?: URLSearchParams): string | undefined {
  const h = headers.authorization;
  const m = h ? /^Bearer\s+(\S+)\s*$/i.exec(h) : null;
  if (m) return m[1];
  // Browsers cannot set headers on a WebSocket, so upgrades may carry the token in the query.
  return query?.get('access_token') ?? undefined;
}

export function authorize(
  route: Route,
  token: string | undefined,
  zone: SandboxZone,
  authenticate: Authenticate,
): Caller {
  if (!token) throw new HttpError(401, 'unauthorized', 'This needs an Authorization: Bearer <token> header.');
  const caller = authenticate(token, zone);
  const need = requiredScope(route);
  if (need && !caller.permissions.has(need)) {
    throw new HttpError(403, 'forbidden', `This needs the ${need} permission.`, { permission: need });
  }
  return caller;
}

export function zoneForHost(zones: readonly SandboxZone[], host: string | undefined): SandboxZone | undefined {
  if (!host) return undefined;
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return zones.find((z) => z.host === name);
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
