/**
 * Identity per zone: the security listing (remembered browsers, authenticator state, locale) and
 * the API clients with the scopes the person may grant. Secrets never live here: a new client
 * secret is a handle the agent holds (see components/SecretOnce.vue).
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { ApiClientView, SecurityView } from '../../src-main/contract/commands-identity';
import { readApiClient } from '../../src-main/contract/identity-readers';
import { listOf } from '../../src-main/contract/tolerant';
import type { AgentErrorData } from '../../src-main/contract/errors';
import { agent } from '../agent';
import { toErrorData } from '../lib/errors';

export interface Loadable<T> {
  data: T | null;
  loading: boolean;
  error: AgentErrorData | null;
}

export interface ScopeOption {
  scope: string;
  description: string;
}

function blank<T>(): Loadable<T> {
  return { data: null, loading: false, error: null };
}

/** Loads into a per-zone slot; keeps the old data while reloading so nothing jumps. */
async function fill<T>(slot: Loadable<T>, load: () => Promise<T>): Promise<void> {
  slot.loading = true;
  try {
    slot.data = await load();
    slot.error = null;
  } catch (e) {
    slot.error = toErrorData(e);
  } finally {
    slot.loading = false;
  }
}

export const useIdentityStore = defineStore('identity', () => {
  const security = reactive<Record<string, Loadable<SecurityView>>>({});
  const clients = reactive<Record<string, Loadable<ApiClientView[]>>>({});
  const scopes = reactive<Record<string, ScopeOption[]>>({});

  const securityOf = (zone: string) => (security[zone] ??= blank());
  const clientsOf = (zone: string) => (clients[zone] ??= blank());

  async function loadSecurity(zone: string): Promise<void> {
    await fill(securityOf(zone), () => agent.invoke('identity.security', { zone }));
  }

  async function loadClients(zone: string): Promise<void> {
    await fill(clientsOf(zone), async () => listOf(await agent.call(zone, 'apiClients.list')).map(readApiClient));
  }

  async function loadScopes(zone: string): Promise<ScopeOption[]> {
    if (scopes[zone]?.length) return scopes[zone]!;
    const list = listOf(await agent.call(zone, 'apiClients.scopes')).map((s) => ({
      scope: String(s.scope ?? s.name ?? ''),
      description: String(s.description ?? ''),
    })).filter((s) => s.scope);
    scopes[zone] = list;
    return list;
  }

  /** After a sign-out the zone's data belongs to nobody: drop it. */
  function drop(zone: string): void {
    delete security[zone];
    delete clients[zone];
    delete scopes[zone];
  }

  return { security, clients, securityOf, clientsOf, loadSecurity, loadClients, loadScopes, drop };
});
