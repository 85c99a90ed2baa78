/**
 * API client commands whose replies carry a secret (create, rotate) or that touch zones in the
 * app (revoke tokens, delete, use for a zone). Listing, reading and editing go through api.call.
 */
import { z } from 'zod';
import { findRoute } from '../../../contract/routes';
import type { AgentContext } from '../../context';
import { clientZones, signOutLocally } from '../../identity/account-zones';
import { readApiClient, secretOf } from '../../../contract/identity-readers';
import { secretHandlesOf } from '../../identity/secret-handles';
import { AgentError } from '../../../contract/errors';
import { command, zoneId } from '../define';
import { machineSignIn } from './machine';

const id = z.string().min(1).max(256);
const handle = z.string().regex(/^sh_[0-9a-f]{24}$/, 'Not a secret handle');

/** Sends a route whose reply carries the client with a new secret; only the handle goes back. */
async function withSecret(
  ctx: AgentContext,
  zone: string,
  routeId: string,
  params: Record<string, string>,
  body?: unknown,
) {
  const rt = ctx.zones.get(zone);
  const res = await rt.session.send(rt.client, {
    route: findRoute(routeId)!,
    params,
    ...(body === undefined ? {} : { body }),
  });
  const secret = secretOf(res.data);
  if (!secret)
    throw new AgentError({
      status: res.status,
      code: 'no_secret',
      message: 'The zone did not return a client secret.',
    });
  return secretHandlesOf(ctx).put(readApiClient(res.data), secret);
}

export const apiClientsCreate = command<'apiClients.create'>(
  z
    .object({
      zone: zoneId,
      name: z.string().trim().min(1, 'Give the client a name').max(100),
      description: z.string().max(500).optional(),
      scopes: z.array(z.string().min(1).max(100)).max(100),
    })
    .strict(),
  async ({ zone, name, description, scopes }, ctx) =>
    withSecret(ctx, zone, 'apiClients.create', {}, { name, ...(description ? { description } : {}), scopes }),
);

export const apiClientsRotate = command<'apiClients.rotate'>(
  z.object({ zone: zoneId, id }).strict(),
  async (input, ctx) => withSecret(ctx, input.zone, 'apiClients.rotate', { id: input.id }),
);

export const apiClientsSecret = command<'apiClients.secret'>(z.object({ handle }).strict(), async (input, ctx) => ({
  client_secret: secretHandlesOf(ctx).get(input.handle).secret,
}));

export const apiClientsForget = command<'apiClients.forgetSecret'>(
  z.object({ handle }).strict(),
  async (input, ctx) => {
    secretHandlesOf(ctx).forget(input.handle);
    return null;
  },
);

export const apiClientsUseForZone = command<'apiClients.useForZone'>(
  z.object({ handle, zone: zoneId }).strict(),
  async (input, ctx) => {
    const held = secretHandlesOf(ctx).get(input.handle);
    const done = await machineSignIn(ctx.zones.get(input.zone), held.client.client_id, held.secret);
    // Now in the keychain with the zone's credential; the in-memory copy has done its job.
    secretHandlesOf(ctx).forget(input.handle);
    return done;
  },
);

/** Resolves the client's client_id (zones store that) before the client may disappear. */
async function clientIdOf(ctx: AgentContext, zone: string, clientUuid: string): Promise<string> {
  const rt = ctx.zones.get(zone);
  const res = await rt.session.send(rt.client, { route: findRoute('apiClients.get')!, params: { id: clientUuid } });
  return readApiClient(res.data).client_id;
}

export const apiClientsRevokeTokens = command<'apiClients.revokeTokens'>(
  z.object({ zone: zoneId, id }).strict(),
  async (input, ctx) => {
    const clientId = await clientIdOf(ctx, input.zone, input.id);
    const targets = clientZones(ctx, clientId);
    const rt = ctx.zones.get(input.zone);
    await rt.session.send(rt.client, { route: findRoute('apiClients.revokeTokens')!, params: { id: input.id } });
    // Revoking is the person cutting this client off; zones here connected with it stop too.
    return {
      zones: await signOutLocally(
        targets,
        `The tokens of API client ${clientId} were revoked. Sign in again to continue.`,
      ),
    };
  },
);

export const apiClientsDelete = command<'apiClients.delete'>(
  z.object({ zone: zoneId, id }).strict(),
  async (input, ctx) => {
    const clientId = await clientIdOf(ctx, input.zone, input.id);
    const targets = clientZones(ctx, clientId);
    const rt = ctx.zones.get(input.zone);
    await rt.session.send(rt.client, { route: findRoute('apiClients.delete')!, params: { id: input.id } });
    return { zones: await signOutLocally(targets, `API client ${clientId} was deleted. Sign in again to continue.`) };
  },
);
