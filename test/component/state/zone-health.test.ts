/**
 * Zone health from the agent: the whole list on start, then the `zones.health` event's changes;
 * a zone the agent no longer reports is forgotten (its banner goes); a zone that answers again
 * is read at once. Screens name zones by their display name and default to the selected zone.
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { emitEvent, scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { down, up } from '../support/zone-health';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useZoneHealthStore } = await import('../../../src-renderer/state/zone-health-feed');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { defineResource, resources } = await import('../../../src-renderer/data');

describe('zone health store', () => {
  it('loads the list on start, follows the event, forgets zones no longer reported, and reads a zone back at once', async () => {
    setActivePinia(createPinia());
    let health = [down('eu-1'), up('us-1')];
    scripted.command = (command) =>
      command === 'zones.list'
        ? [zone('eu-1', undefined, { name: 'Frankfurt' }), zone('us-1')]
        : command === 'zones.health'
          ? health
          : [];
    const zones = useZonesStore();
    await zones.load();
    zones.select('eu-1');
    const store = useZoneHealthStore();
    store.start();
    await flushPromises();

    const scope = effectScope();
    const focused = scope.run(() => store.use())!;
    expect(focused.down.value).toBe(true);
    expect(focused.reason.value).toBe('Zone Frankfurt is unreachable: changes are held back until it answers again.');
    expect(store.of('us-1')?.state).toBe('reachable');

    // A watched resource of the down zone is read at once when the event says it is back.
    let reads = 0;
    const def = defineResource<number, string>({ name: 'x', zone: (z) => z, fetch: async () => ++reads });
    const stop = resources.watch(def, 'eu-1');
    await flushPromises();
    const before = reads;
    emitEvent('zones.health', [up('eu-1')]);
    await flushPromises();
    expect(focused.down.value).toBe(false);
    expect(reads).toBe(before + 1);
    stop();

    // The agent stops reporting us-1: its health is forgotten, not kept as it last was.
    health = [up('eu-1')];
    await store.load();
    expect(store.of('us-1')).toBeNull();
    scope.stop();
  });

  it('an agent without zone health leaves screens without health rather than failing', async () => {
    setActivePinia(createPinia());
    scripted.command = (command) => {
      if (command === 'zones.health') throw new Error('unknown command');
      return [];
    };
    await expect(useZoneHealthStore().load()).resolves.toBeUndefined();
  });
});
