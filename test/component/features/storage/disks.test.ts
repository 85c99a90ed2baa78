/**
 * Disks per zone: the spec lists none, so the ids used are remembered (most recent first, at most
 * twelve, a label learnt once kept), per zone and across a restart, and a broken store reads as
 * none; the disks the zone reveals are those on its containers and microVMs, a list that fails
 * to read leaving the other's.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useDisksStore, useAttachedDisks } = await import('../../../../src-renderer/features/storage/disks');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

enableAutoUnmount(afterEach);
beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
});
afterEach(() => resources.dropZone('eu-1'));

describe('recent disks', () => {
  it('remembers the ids used per zone, most recent first, keeping a label learnt once, across a restart', () => {
    const disks = useDisksStore();
    disks.remember('eu-1', 'd1', 'data');
    disks.remember('eu-1', 'd2');
    disks.remember('us-1', 'd9');
    disks.remember('eu-1', 'd1');
    expect(disks.of('eu-1').map((d) => [d.id, d.label])).toEqual([
      ['d1', 'data'],
      ['d2', undefined],
    ]);
    setActivePinia(createPinia());
    expect(
      useDisksStore()
        .of('eu-1')
        .map((d) => d.id),
    ).toEqual(['d1', 'd2']);
    expect(
      useDisksStore()
        .of('us-1')
        .map((d) => d.id),
    ).toEqual(['d9']);
    useDisksStore().forget('eu-1', 'd1');
    setActivePinia(createPinia());
    expect(
      useDisksStore()
        .of('eu-1')
        .map((d) => d.id),
    ).toEqual(['d2']);
  });

  it('keeps twelve', () => {
    const disks = useDisksStore();
    for (let i = 0; i < 15; i++) disks.remember('eu-1', `d${i}`);
    expect(disks.of('eu-1')).toHaveLength(12);
    expect(disks.of('eu-1')[0]!.id).toBe('d14');
  });

  it('reads a broken store as none', () => {
    localStorage.setItem('zonedeck.recentDisks', '{not json');
    expect(useDisksStore().of('eu-1')).toEqual([]);
  });
});

describe('attached disks', () => {
  it('are the disks on the zone’s containers and microVMs; a list that fails leaves the other’s', async () => {
    scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
    await useZonesStore().load();
    scripted.answer = (c: ScriptedCall) => {
      if (c.op === 'containers.list') return [{ id: 'c1', name: 'web', disks: ['d1', { id: 'd2' }, { size: 5 }] }];
      throw new Error('microVMs are not offered here');
    };
    let view!: ReturnType<typeof useAttachedDisks>;
    mount(
      defineComponent({
        setup() {
          view = useAttachedDisks(() => 'eu-1');
          return () => h('p');
        },
      }),
    );
    await flushPromises();
    expect(view.state.data).toEqual([
      { id: 'd1', on: 'web' },
      { id: 'd2', on: 'web' },
    ]);
    expect(view.state.error).toBeNull();
  });
});
