/**
 * A container's details pane, through the real stores: the record is polled fast (400 ms) only
 * while it is on its way to a new state, and every read of it also updates its row in the list;
 * an action re-reads the record, activity and list but not the config vars, so an edit in
 * progress is not reset; a container's output keeps its blank lines.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { INSTANCE, instanceKeys, useContainerLogs, useInstanceConfigVars } =
  await import('../../../../src-renderer/features/compute/compute-details');
const { useComputeList } = await import('../../../../src-renderer/features/compute/compute');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources, useResource } = await import('../../../../src-renderer/data');

const a = { zone: 'eu-1', id: 'c1' };
let record: Raw = {};
let view!: {
  record: ReturnType<typeof useResource<Raw, typeof a>>;
  list: ReturnType<typeof useComputeList>;
  vars: ReturnType<typeof useInstanceConfigVars>;
  logs: ReturnType<typeof useContainerLogs>;
};

enableAutoUnmount(afterEach);
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  record = { id: 'c1', name: 'web', state: 'starting', desired_state: 'running' };
  scripted.command = (command) => {
    if (command === 'zones.list') return [zone('eu-1')];
    if (command === 'list.poll') return { version: 'v1', items: [{ id: 'c1', name: 'web', state: 'stopped' }] };
    return [];
  };
  scripted.answer = (c: ScriptedCall) => {
    if (c.op === 'containers.get') return record;
    if (c.op === 'containers.configVars.get') return { config_vars: { A: '1' } };
    if (c.op === 'containers.logs') return 'one\n\nthree\n';
    return [];
  };
  await useZonesStore().load();
  mount(
    defineComponent({
      setup() {
        view = {
          list: useComputeList('containers', () => 'eu-1'),
          record: useResource(INSTANCE.containers, () => a),
          vars: useInstanceConfigVars('containers', () => a),
          logs: useContainerLogs(() => a),
        };
        return () => h('p');
      },
    }),
  );
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

const gets = () => scripted.calls.filter((c) => c.op === 'containers.get').length;
const varReads = () => scripted.calls.filter((c) => c.op === 'containers.configVars.get').length;

describe('instance details', () => {
  it('polls the record fast while it is on its way, shows each read in the list, and stops once settled', async () => {
    await vi.advanceTimersByTimeAsync(1000);
    expect(gets()).toBeGreaterThanOrEqual(3);
    // The list's own copy still says stopped (its next read is seconds away); the record's reads show.
    expect(view.list.state.data?.[0]?.state).toBe('starting');
    record = { ...record, state: 'running' };
    await vi.advanceTimersByTimeAsync(400);
    expect(view.list.state.data?.[0]?.state).toBe('running');
    const settled = gets();
    await vi.advanceTimersByTimeAsync(2000);
    expect(gets()).toBe(settled);
  });

  it('an action re-reads the record but leaves the config vars being edited alone', async () => {
    record = { ...record, state: 'running' };
    await vi.advanceTimersByTimeAsync(400);
    const before = { gets: gets(), vars: varReads() };
    for (const k of instanceKeys('containers', a)) resources.invalidate(k);
    await flushPromises();
    expect(gets()).toBe(before.gets + 1);
    expect(varReads()).toBe(before.vars);
    expect(view.vars.state.data?.vars).toEqual({ A: '1' });
  });

  it('keeps the blank lines of a container’s output, dropping only the final newline', () => {
    expect(view.logs.state.data).toEqual(['one', '', 'three']);
  });
});
