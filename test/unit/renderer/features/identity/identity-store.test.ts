/**
 * A zone's security and API-client data (identity resources) is dropped when that zone signs out
 * or changes hands, kept through a token refresh, and not read while the zone is signed out.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp, effect, effectScope, type EffectScope } from 'vue';
import type { SessionView, ZoneView } from '../../../../../src-main/contract/commands';

// The zones store remembers the selection in localStorage; node has none.
const mem = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (k: string) => mem.get(k) ?? null,
  setItem: (k: string, v: string) => void mem.set(k, v),
  removeItem: (k: string) => void mem.delete(k),
});

type SessionEvent = { zone: string; session: SessionView };
const handlers: ((p: SessionEvent) => void)[] = [];
let zones: ZoneView[] = [];
const reads: string[] = [];
vi.mock('../../../../../src-renderer/agent', () => ({
  agent: {
    onEvent: (name: string, fn: (p: SessionEvent) => void) => {
      if (name === 'session.changed') handlers.push(fn);
      return () => undefined;
    },
    onConnection: () => () => undefined,
    invoke: vi.fn(async (cmd: string, input: { zone?: string }) => {
      if (cmd === 'zones.list') return zones;
      reads.push(`${cmd} ${input.zone}`);
      return cmd === 'identity.security' ? { totp_enabled: false, devices: [], raw: {} } : null;
    }),
    call: vi.fn(async (zone: string, op: string) => {
      reads.push(`${op} ${zone}`);
      return { items: [{ id: 'c1', client_id: 'zdc_1', name: 'ci', scopes: [] }] };
    }),
  },
}));

const { useSecurity } = await import('../../../../../src-renderer/features/identity/identity');
const { useApiClients } = await import('../../../../../src-renderer/features/identity/api-clients');
const { useZonesStore } = await import('../../../../../src-renderer/state/zones');
const { zonedeckApp } = await import('../../../../../src-renderer/shell/app-plugin');
// The app's own set-up, as main.ts applies it (nothing wires itself on import): reads are gated by session.
createApp({}).use(zonedeckApp());

const dev: SessionView = { state: 'signed_in', kind: 'user', email: 'dev@example.com' };
const zone = (id: string, session: SessionView): ZoneView =>
  ({ id, name: id, baseUrl: 'http://x', color: '#000', session }) as ZoneView;

describe('identity data and sessions', () => {
  let scope: EffectScope;
  beforeEach(() => {
    handlers.length = 0;
    reads.length = 0;
    setActivePinia(createPinia());
    scope = effectScope();
  });
  afterEach(() => scope.stop());

  /** The zones store started with one signed-in zone, and a screen watching its identity data. */
  async function shown(id: string) {
    zones = [zone(id, dev)];
    const store = useZonesStore();
    store.start();
    await vi.waitFor(() => expect(store.loaded).toBe(true));
    const views = scope.run(() => ({ security: useSecurity(() => id), clients: useApiClients(() => id) }))!;
    await vi.waitFor(() => expect(views.clients.state.data).toHaveLength(1));
    await vi.waitFor(() => expect(views.security.state.data).toBeDefined());
    const emit = (session: SessionView) => handlers.forEach((h) => h({ zone: id, session }));
    return { ...views, emit };
  }

  it('keeps the data through a refresh, drops it on sign-out and reads nothing while signed out', async () => {
    const { security, clients, emit } = await shown('z1');
    emit({ ...dev, state: 'refreshing' });
    emit(dev);
    expect(clients.state.data).toHaveLength(1);
    const before = reads.length;
    emit({ state: 'signed_out' });
    expect(security.state.data).toBeUndefined();
    expect(clients.state.data).toBeUndefined();
    await new Promise((r) => setTimeout(r, 20));
    expect(reads.length).toBe(before);
    expect(clients.state.data).toBeUndefined();
  });

  it('drops it when the zone is signed in as someone else without a sign-out in between, then reads it as the new identity', async () => {
    const { clients, emit } = await shown('z2');
    const before = reads.filter((r) => r === 'apiClients.list z2').length;
    emit({ state: 'signed_in', kind: 'machine', clientId: 'zdc_1' });
    expect(clients.state.data).toBeUndefined();
    await vi.waitFor(() => expect(clients.state.data).toHaveLength(1));
    expect(reads.filter((r) => r === 'apiClients.list z2').length).toBe(before + 1);
  });

  it('hands out reactive state, so a view sees data that arrives later', async () => {
    zones = [zone('z3', dev)];
    const store = useZonesStore();
    store.start();
    await vi.waitFor(() => expect(store.loaded).toBe(true));
    let shownLength: number | undefined = -1;
    scope.run(() => {
      const clients = useApiClients(() => 'z3');
      // As a view does: a render effect reading the state before anything was loaded.
      effect(() => (shownLength = clients.state.data?.length));
    });
    expect(shownLength).toBeUndefined();
    await vi.waitFor(() => expect(shownLength).toBe(1));
  });
});
