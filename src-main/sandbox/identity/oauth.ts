/**
 * POST /oauth/token: the client-credentials grant. Credentials as form or JSON fields
 * (client_id, client_secret) or HTTP Basic; an optional `scope` narrows the client's scopes.
 */
import { HttpError, type Handler, type SandboxRequest } from '../core/types';
import { safeEqual, sha256 } from './crypto';
import type { IdentityService } from './service';

const invalidClient = () => new HttpError(401, 'invalid_client', 'Unknown client or wrong secret.');

function credentials(req: SandboxRequest, body: Record<string, unknown>): { id?: string; secret?: string } {
  const basic = /^Basic\s+(\S+)/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const text = Buffer.from(basic, 'base64').toString('utf8');
    const i = text.indexOf(':');
    if (i < 0) throw invalidClient();
    // RFC 6749 §2.3.1: both parts are form-urlencoded inside the Basic value.
    return { id: decodeURIComponent(text.slice(0, i)), secret: decodeURIComponent(text.slice(i + 1)) };
  }
  const s = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
  return { id: s('client_id'), secret: s('client_secret') };
}

export function oauthHandlers(svc: IdentityService): Record<string, Handler> {
  return {
    'oauth.token': (req) => {
      const raw = req.body ?? {};
      if (typeof raw !== 'object' || Array.isArray(raw))
        throw new HttpError(400, 'invalid_request', 'Send a form or JSON object.');
      const body = raw as Record<string, unknown>;
      if (typeof body.grant_type !== 'string') throw new HttpError(400, 'invalid_request', 'grant_type is required.');
      if (body.grant_type !== 'client_credentials') {
        throw new HttpError(
          400,
          'unsupported_grant_type',
          'Only the client_credentials grant is supported here; users sign in at /api/v1/auth/login.',
        );
      }
      const { id, secret } = credentials(req, body);
      const client = id ? Object.values(svc.state.apiClients).find((c) => c.clientId === id) : undefined;
      if (!client || !secret || !safeEqual(sha256(secret), client.secretHash)) throw invalidClient();
      let scopes = client.scopes;
      if (typeof body.scope === 'string' && body.scope.trim()) {
        const asked = body.scope.trim().split(/\s+/);
        const extra = asked.filter((s) => !client.scopes.includes(s));
        if (extra.length) throw new HttpError(400, 'invalid_scope', `The client does not hold: ${extra.join(' ')}.`);
        scopes = asked;
      }
      const out = svc.issueMachineToken(client.id, req.zone, scopes);
      return { status: 200, json: out, headers: { 'cache-control': 'no-store' } };
    },
  };
}
