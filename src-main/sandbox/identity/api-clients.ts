/**
 * API clients: machine credentials of the tenant. The secret is shown once (create, rotate) and
 * stored hashed; revoke-tokens bumps a generation that every issued token carries.
 */
import { randomBytes } from 'node:crypto';
import { SCOPES, ALL_SCOPES } from '../core/scopes';
import { HttpError, type Caller, type Handler, type SandboxRequest } from '../core/types';
import { randomToken, sha256 } from './crypto';
import { bodyObject, empty, json, optStr, str } from './guard';
import type { IdentityService } from './service';
import type { ApiClientRec } from './state';

export function apiClientHandlers(svc: IdentityService): Record<string, Handler> {
  const caller = (req: SandboxRequest): Caller => req.caller!; // the core guarantees it on these routes
  const view = (c: ApiClientRec) => ({
    id: c.id,
    client_id: c.clientId,
    name: c.name,
    description: c.description,
    scopes: c.scopes,
    created_by: c.createdBy,
    created_at: svc.iso(c.createdAt),
    updated_at: svc.iso(c.updatedAt),
  });
  const find = (req: SandboxRequest): ApiClientRec => {
    const c = svc.state.apiClients[req.params.id ?? ''];
    if (!c || c.tenantId !== caller(req).tenantId) throw new HttpError(404, 'not_found', 'No such API client.');
    return c;
  };
  /** Validates requested scopes: known values, and only what the caller holds itself. */
  const scopesFrom = (req: SandboxRequest, v: unknown): string[] => {
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string'))
      throw new HttpError(400, 'invalid_request', 'scopes must be an array of strings.');
    const unknown = v.filter((s: string) => !ALL_SCOPES.includes(s));
    if (unknown.length)
      throw new HttpError(
        400,
        'invalid_scope',
        `Unknown scopes: ${unknown.join(', ')}. See GET /api/v1/api-clients/scopes.`,
      );
    const denied = v.filter((s: string) => !caller(req).permissions.has(s));
    if (denied.length)
      throw new HttpError(403, 'forbidden', `You cannot grant what you do not hold: ${denied.join(', ')}.`);
    return [...new Set(v as string[])];
  };
  const newSecret = () => randomToken('zds_', 32);

  return {
    'apiClients.scopes': (req) => json(200, { items: SCOPES.filter((s) => caller(req).permissions.has(s.scope)) }),

    'apiClients.list': (req) =>
      json(200, {
        items: Object.values(svc.state.apiClients)
          .filter((c) => c.tenantId === caller(req).tenantId)
          .sort((a, b) => a.createdAt - b.createdAt)
          .map(view),
      }),

    'apiClients.get': (req) => json(200, view(find(req))),

    'apiClients.create': (req) => {
      const body = bodyObject(req);
      const secret = newSecret();
      const now = svc.now();
      const c: ApiClientRec = {
        id: svc.world.uuid(),
        clientId: `zdc_${randomBytes(12).toString('hex')}`,
        secretHash: sha256(secret),
        name: str(body, 'name', { max: 100 }),
        description: optStr(body, 'description') ?? '',
        scopes: body.scopes === undefined ? [] : scopesFrom(req, body.scopes),
        tenantId: caller(req).tenantId,
        createdBy: caller(req).userId,
        createdAt: now,
        updatedAt: now,
        tokenGeneration: 0,
      };
      svc.state.apiClients[c.id] = c;
      svc.changed();
      return json(201, { ...view(c), client_secret: secret });
    },

    'apiClients.update': (req) => {
      const c = find(req);
      const body = bodyObject(req);
      if (body.name !== undefined) c.name = str(body, 'name', { max: 100 });
      if (body.description !== undefined)
        c.description = typeof body.description === 'string' ? body.description.slice(0, 500) : '';
      if (body.scopes !== undefined) c.scopes = scopesFrom(req, body.scopes);
      c.updatedAt = svc.now();
      svc.changed();
      return json(200, view(c));
    },

    'apiClients.delete': (req) => {
      delete svc.state.apiClients[find(req).id];
      svc.changed();
      return empty();
    },

    'apiClients.revokeTokens': (req) => {
      find(req).tokenGeneration++;
      svc.changed();
      return empty();
    },

    'apiClients.rotate': (req) => {
      const c = find(req);
      const secret = newSecret();
      c.secretHash = sha256(secret);
      c.updatedAt = svc.now();
      svc.changed();
      return json(200, { ...view(c), client_secret: secret });
    },
  };
}
