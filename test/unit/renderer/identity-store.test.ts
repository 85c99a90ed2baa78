/** The identity store drops a zone's security and API-client data when that zone signs out or changes hands. */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { computed, effect } from 'vue';
import type { SessionView, ZoneView } from '../../../src-main/contract/commands';

// The zones store remembers the selection in localStorage; node has none.
const mem = new Map<string, string>();
vi.stubGlobal('localStorage', { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v), removeItem: (k: string) => void mem.delete(k) });

const handlers: ((p: { zone: string; session: SessionView }) => void)[] = [];
vi.mock('../../../src-renderer/agent', () => ({
  agent: {
    onEvent: (name: string, fn: (p: { zone: string; session: SessionView }) => void) => {
      if (name === 'session.changed') handlers.push(fn);
      return () => undefined;
    },
    invoke: vi.fn(async (cmd: string) => (cmd === 'identity.security' ? { totp_enabled: false, devices: [], raw: {} } : null)),
    call: vi.fn(async () => ({ items: [{ id: 'c1', client_id: 'zdc_1', name: 'ci', scopes: [] }] })),
  },
}));

const { useIdentityStore } = await import('../../../src-renderer/stores/identity');
const { useZonesStore } = await import('../../../src-renderer/stores/zones');

const dev: SessionView = { state: 'signed_in', kind: 'user', email: 'dev@example.com' };
const zone = (session: SessionView): ZoneView => ({ id: 'z1', name: 'eu-1', baseUrl: 'http://x', color: '#000', session } as ZoneView);
const emit = (session: SessionView) => handlers.forEach((h) => h({ zone: 'z1', session }));

describe('identity store', () => {
  beforeEach(() => {
    handlers.length = 0;
    setActivePinia(createPinia());
    useZonesStore().list = [zone(dev)];
  });

  async function loaded() {
    const s = useIdentityStore();
    await s.loadSecurity('z1');
    await s.loadClients('z1');
    expect(s.securityOf('z1').data).not.toBeNull();
    expect(s.clientsOf('z1').data).toHaveLength(1);
    return s;
  }

  it('keeps the data through a refresh, drops it on sign-out', async () => {
    const s = await loaded();
    emit({ ...dev, state: 'refreshing' });
    emit(dev);
    expect(s.clientsOf('z1').data).toHaveLength(1);
    emit({ state: 'signed_out' });
    expect(s.securityOf('z1').data).toBeNull();
    expect(s.clientsOf('z1').data).toBeNull();
  });

  it('drops it when the zone is signed in as someone else without a sign-out in between', async () => {
    const s = await loaded();
    emit({ state: 'signed_in', kind: 'machine', clientId: 'zdc_1' });
    expect(s.clientsOf('z1').data).toBeNull();
  });

  it('hands out the reactive slot, so a view sees data that arrives later', async () => {
    const s = useIdentityStore();
    // As a view does: a computed slot read by a render effect, before anything was loaded.
    const slot = computed(() => s.clientsOf('z1'));
    let shown: number | undefined = -1;
    effect(() => (shown = slot.value.data?.length));
    expect(shown).toBeUndefined();
    await s.loadClients('z1');
    expect(shown).toBe(1);
  });
});
