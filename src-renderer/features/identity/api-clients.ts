/**
 * API clients per zone: the list and the scopes the person may grant as resources, and the
 * changes to them, each reading the list again afterwards. A new client secret stays in the agent
 * under a handle (SecretOnce): it never enters a resource, and is fetched only per Copy or Reveal.
 */
import type { ApiClientView, SecretOnce } from '@contract/commands-identity';
import { readApiClient } from '@contract/identity-readers';
import { listOf } from '@contract/tolerant';
import { agent } from '../../agent';
import { defineResource, resources, useResource, type ResourceView } from '../../data';
import { reportError } from '../../data/report-error';

export interface ScopeOption {
  scope: string;
  description: string;
}

export interface ClientDraft {
  name: string;
  description: string;
  scopes: string[];
}

const clientsResource = defineResource<ApiClientView[], string>({
  name: 'apiClients.list',
  zone: (zone) => zone,
  fetch: async (zone, { signal }) => listOf(await agent.call(zone, 'apiClients.list', { signal })).map(readApiClient),
});

const scopesResource = defineResource<ScopeOption[], string>({
  name: 'apiClients.scopes',
  zone: (zone) => zone,
  fetch: async (zone, { signal }) =>
    listOf(await agent.call(zone, 'apiClients.scopes', { signal }))
      .map((s) => ({
        scope: String(s.scope ?? s.name ?? ''),
        description: String(s.description ?? ''),
      }))
      .filter((s) => s.scope),
});

export function useApiClients(zone: () => string | null): ResourceView<ApiClientView[]> {
  return useResource(clientsResource, zone);
}

/** Read while the form is open (`zone` null otherwise). */
export function useScopes(zone: () => string | null): ResourceView<ScopeOption[]> {
  return useResource(scopesResource, zone);
}

/** Runs a change and reads the list again (also after a failure: the zone may have acted). */
async function changing<T>(zone: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    resources.invalidate({ zone, name: clientsResource.name });
  }
}

/** Creates a client; it is listed at once, before the list is read again. */
export function createClient(zone: string, d: ClientDraft): Promise<SecretOnce> {
  return changing(zone, async () => {
    const once = await agent.invoke('apiClients.create', { zone, ...d });
    resources.update(clientsResource, zone, (list) =>
      list && !list.some((c) => c.id === once.client.id) ? [...list, once.client] : undefined,
    );
    return once;
  });
}

export function updateClient(zone: string, id: string, d: ClientDraft): Promise<unknown> {
  return changing(zone, () => agent.call(zone, 'apiClients.update', { params: { id }, body: d }));
}

export function rotateClient(zone: string, id: string): Promise<SecretOnce> {
  return changing(zone, () => agent.invoke('apiClients.rotate', { zone, id }));
}

/** Revokes the client's tokens; the zones of this app that were connected with it (now signed out). */
export async function revokeClientTokens(zone: string, id: string): Promise<string[]> {
  return (await changing(zone, () => agent.invoke('apiClients.revokeTokens', { zone, id }))).zones;
}

export async function deleteClient(zone: string, id: string): Promise<void> {
  await changing(zone, () => agent.invoke('apiClients.delete', { zone, id }));
}

/** The secret's value, for one explicit Copy or Reveal: returned to the caller, kept nowhere. */
export async function revealSecret(handle: string): Promise<string> {
  return (await agent.invoke('apiClients.secret', { handle })).client_secret;
}

/** The agent stores the secret in the keychain and signs `zone` in as that client. */
export async function connectWithSecret(handle: string, zone: string): Promise<void> {
  await agent.invoke('apiClients.useForZone', { handle, zone });
}

/** The panel closed: the agent forgets the secret now (it would lapse by itself after 10 minutes). */
export function forgetSecret(handle: string): void {
  // It would lapse by itself; a failure is still worth a line in the log (the secret lingered).
  void agent
    .invoke('apiClients.forgetSecret', { handle })
    .catch((e: unknown) => reportError('api-clients', e, undefined, 'warn'));
}
