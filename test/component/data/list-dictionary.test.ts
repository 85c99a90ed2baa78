/**
 * A live list and the zone's dictionary: rows whose state sits in two fields alike leave the list's
 * gap set (the notice's source) and their state unread; a person's choice makes the same records,
 * unchanged on the zone, read again at once with their state, and the gap goes; a reset brings it
 * back, and the reads tell the agent again what they inferred.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { ZoneView } from '@contract/commands';
import type { ZoneDictionary } from '@contract/dictionary/dictionary-types';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useComputeList } = await import('../../../src-renderer/features/compute/compute');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { readGapOf } = await import('../../../src-renderer/data');

const ITEMS = [
  { uid: 'c-0001', label: 'web-1', s1: 'running', s2: 'running' },
  { uid: 'c-0002', label: 'db-proxy', s1: 'stopped', s2: 'stopped' },
  { uid: 'c-0003', label: 'worker-1', s1: 'running', s2: 'running' },
];
let dictionary: ZoneDictionary = { kinds: {} };
const view = (): ZoneView => zone('eu-1', undefined, { dictionary });
let list!: ReturnType<typeof useComputeList>;

enableAutoUnmount(afterEach);
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.commands = [];
  dictionary = { kinds: {} };
  scripted.command = (command, input) => {
    if (command === 'zones.list') return [view()];
    // The zone's list never changes: only the dictionary does.
    if (command === 'list.poll')
      return (input as { since?: string }).since
        ? { since: 'v1', version: 'v1', changed: [], length: ITEMS.length }
        : { version: 'v1', items: ITEMS };
    if (command === 'dictionary.choose') {
      const { role, path } = input as { role: 'state'; path: string[] };
      dictionary = { kinds: { container: { read: { [role]: { path, from: 'chosen' } } } } };
      return view();
    }
    if (command === 'dictionary.reset') {
      dictionary = { kinds: {} };
      return view();
    }
    return null;
  };
  await useZonesStore().load();
  mount(
    defineComponent({
      setup() {
        list = useComputeList('containers', () => 'eu-1');
        return () => h('p');
      },
    }),
  );
  await vi.waitFor(() => expect(list.state.data?.length).toBe(3));
});

const states = () => list.state.data!.map((r) => `${r.name}:${r.state ?? '?'}`);
const notes = () => scripted.commands.filter((c) => c.command === 'dictionary.note').length;

describe('a list read through the zone’s dictionary', () => {
  it('reads the rows again at once when a person chooses a field, and the gap goes', async () => {
    expect(states()).toEqual(['web-1:?', 'db-proxy:?', 'worker-1:?']);
    // Said once the agent read the zone's other kinds (none here breaks the tie).
    await vi.waitFor(() => expect(readGapOf('eu-1', 'container')?.roles).toEqual(['state']));

    await useZonesStore().chooseField('eu-1', 'container', 'state', ['s1']);
    await vi.waitFor(() => expect(states()).toEqual(['web-1:running', 'db-proxy:stopped', 'worker-1:running']));
    expect(readGapOf('eu-1', 'container')).toBeUndefined();
  });

  it('brings the gap back after a reset, and tells the agent again what the read inferred', async () => {
    await useZonesStore().chooseField('eu-1', 'container', 'state', ['s1']);
    await vi.waitFor(() => expect(readGapOf('eu-1', 'container')).toBeUndefined());
    const before = notes();
    await useZonesStore().resetDictionary('eu-1');
    await vi.waitFor(() => expect(readGapOf('eu-1', 'container')?.roles).toEqual(['state']));
    await flushPromises();
    expect(states()[1]).toBe('db-proxy:?');
    expect(notes()).toBeGreaterThan(before);
  });
});
