/** The zone list, which zone is selected, and each zone's session — kept live by agent events. */
import { defineStore } from 'pinia';
import { computed, ref, watch } from 'vue';
import { agent } from '../agent';
import type { CommandInput, ZoneView } from '@contract/commands';
import { keepSelection, withSession } from '../lib/zone-helpers';
import { groupNames, zonesOf } from '../lib/zone-groups';
import { forgetZone, noteSession } from '../data/zone-gate';
import { noteDictionaries } from '../data';
import type { PathStep, ReadRole } from '@contract/dictionary/dictionary-types';

const SELECTED_KEY = 'zonedeck.selectedZone';

export const useZonesStore = defineStore('zones', () => {
  const list = ref<ZoneView[]>([]);
  /** False until the first list arrives, so the first-run screen never flashes. */
  const loaded = ref(false);
  const loadError = ref<string | null>(null);
  const selectedId = ref<string | null>(localStorage.getItem(SELECTED_KEY));

  const selected = computed(() => list.value.find((z) => z.id === selectedId.value) ?? null);
  const hasSandbox = computed(() => list.value.some((z) => z.sandbox));
  const byId = computed(() => new Map(list.value.map((z) => [z.id, z])));
  /** The groups in use, sorted by name. */
  const groups = computed(() => groupNames(list.value));

  function apply(zones: ZoneView[]): void {
    for (const z of list.value) if (!zones.some((n) => n.id === z.id)) forgetZone(z.id);
    for (const z of zones) noteSession(z.id, z.session);
    list.value = zones;
    if (!loaded.value) performance.mark('zd:zones');
    loaded.value = true;
    const keep = keepSelection(zones, selectedId.value);
    if (keep !== selectedId.value) select(keep);
  }

  function select(id: string | null): void {
    selectedId.value = id;
    if (id) localStorage.setItem(SELECTED_KEY, id);
    else localStorage.removeItem(SELECTED_KEY);
  }

  async function load(): Promise<void> {
    try {
      apply(await agent.invoke('zones.list', {}));
      loadError.value = null;
    } catch (e) {
      loadError.value = e instanceof Error ? e.message : String(e);
    }
  }

  async function add(input: CommandInput<'zones.add'>): Promise<ZoneView> {
    const zone = await agent.invoke('zones.add', input);
    noteSession(zone.id, zone.session);
    if (!list.value.some((z) => z.id === zone.id)) list.value = [...list.value, zone];
    select(zone.id);
    return zone;
  }

  async function update(input: CommandInput<'zones.update'>): Promise<void> {
    const zone = await agent.invoke('zones.update', input);
    list.value = list.value.map((z) => (z.id === zone.id ? zone : z));
  }

  async function remove(id: string): Promise<void> {
    await agent.invoke('zones.remove', { id });
    apply(list.value.filter((z) => z.id !== id));
  }

  // Every list reads a zone's records through its dictionary: it is handed over as soon as it arrives.
  watch(list, (zones) => noteDictionaries(zones), { immediate: true, flush: 'sync' });

  /** A person's choice of the field a zone's records of `kind` are read by for `role` (null: infer again). */
  async function chooseField(zone: string, kind: string, role: ReadRole, path: PathStep[] | null): Promise<void> {
    const view = await agent.invoke('dictionary.choose', { zone, kind, role, path });
    list.value = list.value.map((z) => (z.id === view.id ? view : z));
  }

  /** Forgets how one kind (or every kind) of the zone is read: the next reads infer afresh. */
  async function resetDictionary(zone: string, kind?: string): Promise<void> {
    const view = await agent.invoke('dictionary.reset', { zone, ...(kind ? { kind } : {}) });
    list.value = list.value.map((z) => (z.id === view.id ? view : z));
  }

  /** Forgets the names learned from the zone's refusals (its details' "Learned from this zone"). */
  async function forgetWords(id: string): Promise<void> {
    const zone = await agent.invoke('zones.forgetWords', { id });
    list.value = list.value.map((z) => (z.id === zone.id ? zone : z));
  }

  /**
   * Names a person chose for fields the zone asked for under names Zonedeck could not match (a
   * refusal's "wants qv3k, zn8w"): kept as the zone's learned words, sent from the next save on.
   */
  async function chooseWords(
    zone: string,
    operationId: string,
    picks: readonly { role: string; name: string; instead: string }[],
  ): Promise<void> {
    for (const p of picks) {
      const view = await agent.invoke('zones.learnWord', {
        id: zone,
        place: 'body',
        operationId,
        from: 'person',
        ...p,
      });
      list.value = list.value.map((z) => (z.id === view.id ? view : z));
    }
  }

  async function startSandbox(): Promise<void> {
    const { zones } = await agent.invoke('sandbox.start', {});
    await load();
    if (zones[0]) select(zones[0].id);
  }

  async function signOut(zone: string): Promise<void> {
    await agent.invoke('auth.logout', { zone });
  }

  /**
   * Signs out of every signed-in zone of the group, each on its own: one that fails does not keep
   * the others signed in. Returns the names of the zones that could not be signed out, with why.
   */
  async function signOutGroup(group: string): Promise<{ signedOut: string[]; failed: [string, string][] }> {
    const signedOut: string[] = [];
    const failed: [string, string][] = [];
    for (const z of zonesOf(list.value, group).filter((z) => z.session.state !== 'signed_out')) {
      try {
        await signOut(z.id);
        signedOut.push(z.name);
      } catch (e) {
        failed.push([z.name, e instanceof Error ? e.message : String(e)]);
      }
    }
    return { signedOut, failed };
  }

  /** The group's zones that are signed out now, in rail order: what "Sign in to all" goes through. */
  function signedOutOf(group: string): ZoneView[] {
    return zonesOf(list.value, group).filter((z) => z.session.state === 'signed_out');
  }

  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    agent.onEvent('zones.changed', apply);
    agent.onEvent('session.changed', ({ zone, session }) => {
      noteSession(zone, session);
      list.value = withSession(list.value, zone, session);
    });
    // After a dropped connection the events in between are lost: read the list again.
    let prev = '';
    agent.onConnection((s) => {
      if (s === 'open' && prev === 'reconnecting') void load();
      prev = s;
    });
    void load();
  }

  return {
    list,
    loaded,
    loadError,
    selectedId,
    selected,
    hasSandbox,
    byId,
    groups,
    select,
    load,
    add,
    update,
    remove,
    forgetWords,
    chooseWords,
    chooseField,
    resetDictionary,
    startSandbox,
    signOut,
    signOutGroup,
    signedOutOf,
    start,
  };
});
