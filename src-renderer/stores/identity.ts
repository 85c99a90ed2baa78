/**
 * Identity per zone: the security listing (remembered browsers, authenticator state, locale) and
 * the API clients with the scopes the person may grant. Secrets never live here: a new client
 * secret is a handle the agent holds (see components/SecretOnce.vue).
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { SessionView } from '@contract/commands';
import type { ApiClientView, SecurityView } from '@contract/commands-identity';
import { readApiClient } from '@contract/identity-readers';
import { listOf } from '@contract/tolerant';
import type { AgentErrorData } from '@contract/errors';
import { agent } from '../agent';
import { toErrorData } from '../lib/errors';
import { useZonesStore } from './zones';

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

/** Who a zone is signed in as ('' when signed out): data loaded as one identity is not another's. */
export function whoOf(s: SessionView): string {
  if (s.state === 'signed_out') return '';
  return s.kind === 'machine' ? `machine:${s.clientId ?? ''}` : `user:${s.email ?? ''}`;
}

export const useIdentityStore = defineStore('identity', () => {
  const security = reactive<Record<string, Loadable<SecurityView>>>({});
  const clients = reactive<Record<string, Loadable<ApiClientView[]>>>({});
  const scopes = reactive<Record<string, ScopeOption[]>>({});

  // `x[k] ??= v` evaluates to the raw v, not the reactive proxy: a view holding the raw slot
  // would never see its data arrive. Always hand out what the reactive record returns.
  function slotOf<T>(record: Record<string, Loadable<T>>, zone: string): Loadable<T> {
    if (!record[zone]) record[zone] = blank<T>();
    return record[zone]!;
  }
  const securityOf = (zone: string) => slotOf(security, zone);
  const clientsOf = (zone: string) => slotOf(clients, zone);

  // Signing out (or in as someone else, or as an API client) ends what was loaded: nothing stale
  // may show to the next person. 'refreshing' keeps the identity, so it keeps the data too.
  // `who` is the identity the zone's data was loaded as, read from the zone list at load time.
  const who: Record<string, string> = {};
  const zones = useZonesStore();
  const note = (zone: string) => {
    const s = zones.byId.get(zone)?.session;
    if (s) who[zone] = whoOf(s);
  };
  agent.onEvent('session.changed', ({ zone, session }) => {
    if (session.state === 'refreshing') return;
    const now = whoOf(session);
    if (now === '' || (who[zone] !== undefined && who[zone] !== now)) {
      drop(zone);
      delete who[zone];
    }
  });

  async function loadSecurity(zone: string): Promise<void> {
    note(zone);
    await fill(securityOf(zone), () => agent.invoke('identity.security', { zone }));
  }

  async function loadClients(zone: string): Promise<void> {
    note(zone);
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
