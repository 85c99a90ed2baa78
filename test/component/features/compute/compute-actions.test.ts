/**
 * What a person does to a container, through the real compute stores over the scripted agent and
 * a mounted list: the record an action returns shows in the list at once; a change is followed
 * until the record settles (a failed word fails it), then what it may have changed is read again;
 * a delete leaves the list at once; a create the zone answers without a record re-reads the list;
 * config vars kept otherwise than sent are said, never shown over what was typed.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useComputeList } = await import('../../../../src-renderer/features/compute/compute');
const { deleteInstance, replaceConfigVars, runLifecycle, saveInstance, settleInstance } =
  await import('../../../../src-renderer/features/compute/compute-actions');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

const Z = 'eu-1';
const a = { zone: Z, id: 'c1' };
/** The zone's container list; each list.poll answers it whole. */
let zoneList: Raw[] = [];
let listReads = 0;

const Screen = defineComponent({
  setup() {
    const list = useComputeList('containers', () => Z);
    return () =>
      h(
        'ul',
        (list.state.data ?? []).map((r) => h('li', { key: r.key }, `${r.name}: ${r.state}`)),
      );
  },
});

// One fake clock for the file: the page's one poll scheduler keeps its timer across tests.
enableAutoUnmount(afterEach);
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  zoneList = [{ id: 'c1', name: 'web', state: 'running' }];
  listReads = 0;
  scripted.command = (command) => {
    if (command === 'zones.list') return [zone(Z)];
    if (command === 'list.poll') return { version: `v${++listReads}`, items: zoneList };
    return [];
  };
  await useZonesStore().load();
});
afterEach(() => resources.dropZone(Z));

async function screen() {
  const w = mount(Screen);
  await flushPromises();
  return { rows: () => w.findAll('li').map((li) => li.text()) };
}
const ops = () => scripted.calls.map((c) => c.op);

describe('compute actions', () => {
  it('a lifecycle action’s returned record shows in the list before the next poll', async () => {
    const s = await screen();
    scripted.answer = () => ({ id: 'c1', name: 'web', state: 'stopping' });
    await runLifecycle('containers', a, 'stop');
    await flushPromises();
    expect(scripted.calls[0]).toMatchObject({ op: 'containers.stop', opts: { params: { id: 'c1' } } });
    expect(s.rows()).toEqual(['web: stopping']);
  });

  it('follows the record until it settles, saying each state, then reads the list again', async () => {
    const s = await screen();
    // The zone: its record and its list move together, stopping for three reads of the record.
    let gets = 0;
    scripted.answer = (c: ScriptedCall) => {
      if (c.op !== 'containers.get') return undefined;
      const rec = { id: 'c1', name: 'web', state: ++gets < 4 ? 'stopping' : 'stopped' };
      zoneList = [rec];
      return rec;
    };
    const seen: string[] = [];
    const listed = listReads;
    const settled = settleInstance('containers', a, (st) => seen.push(st), 'running', 'Stop');
    // (Less than the list's own poll interval: any list read now is the one the end of the task asks for.)
    await vi.advanceTimersByTimeAsync(2000);
    const done = await settled;
    expect(seen.at(-1)).toBe('stopped');
    expect(new Set(seen.slice(0, -1))).toEqual(new Set(['stopping']));
    expect(done.record).toMatchObject({ state: 'stopped' });
    expect(done.note).toBeUndefined();
    // Each read shows in the list (the record is put in as it comes), and the list is read again after.
    expect(s.rows()).toEqual(['web: stopped']);
    expect(listReads).toBe(listed + 1);
    // Settled: the record is no longer polled.
    const after = gets;
    await vi.advanceTimersByTimeAsync(5000);
    expect(gets).toBe(after);
  });

  it('a record that turns to a failed word fails the task in those words', async () => {
    await screen();
    scripted.answer = () => ({ id: 'c1', name: 'web', state: 'failed' });
    const settled = settleInstance('containers', a, () => undefined, 'running', 'Start');
    const failed = expect(settled).rejects.toThrow('Start: the zone’s record shows “failed”.');
    await vi.advanceTimersByTimeAsync(500);
    await failed;
  });

  it('a record that never moves ends the task calmly after the grace period, saying what it shows', async () => {
    await screen();
    scripted.answer = () => ({ id: 'c1', name: 'web', state: 'running' });
    const settled = settleInstance('containers', a, () => undefined, 'running', 'Restart');
    await vi.advanceTimersByTimeAsync(9000);
    await expect(settled).resolves.toMatchObject({ note: 'The zone accepted Restart; its record shows “running”.' });
  });

  it('a delete takes the row out at once', async () => {
    zoneList = [
      { id: 'c1', name: 'web', state: 'running' },
      { id: 'c2', name: 'db', state: 'running' },
    ];
    const s = await screen();
    scripted.answer = () => undefined;
    await deleteInstance('containers', a);
    await flushPromises();
    expect(s.rows()).toEqual(['db: running']);
  });

  it('a create shows the record the zone returned; one answered without a record re-reads the list', async () => {
    const s = await screen();
    scripted.answer = () => ({ id: 'c2', name: 'api', state: 'creating' });
    expect(await saveInstance('containers', Z, { name: 'api', image: 'nginx' })).toMatchObject({ id: 'c2' });
    await flushPromises();
    expect(s.rows()).toEqual(['web: running', 'api: creating']);
    expect(scripted.calls.at(-1)).toMatchObject({ op: 'containers.create', opts: { body: { name: 'api' } } });

    scripted.answer = () => undefined;
    zoneList = [...zoneList, { id: 'c3', name: 'job', state: 'creating' }];
    const before = listReads;
    expect(await saveInstance('containers', Z, { name: 'job' })).toBeNull();
    await flushPromises();
    expect(listReads).toBe(before + 1);
    expect(s.rows()).toContain('job: creating');
  });

  it('config vars the zone kept otherwise than sent are named, with what it kept', async () => {
    scripted.answer = (c: ScriptedCall) =>
      c.op === 'containers.configVars.replace'
        ? { config_vars: { A: '1', B: 'changed' }, applied_live: true }
        : undefined;
    const saved = await replaceConfigVars('containers', a, { A: '1', B: '2' });
    expect(saved.differ).toEqual(['B']);
    expect(saved.kept).toEqual({ A: '1', B: 'changed' });
    expect(scripted.calls[0]).toMatchObject({ opts: { body: { config_vars: { A: '1', B: '2' } } } });

    // A bare status reply: what the zone holds is read back.
    scripted.answer = (c: ScriptedCall) =>
      c.op === 'containers.configVars.get' ? { config_vars: { A: '1', B: '2' } } : { ok: true };
    const again = await replaceConfigVars('containers', a, { A: '1', B: '2' });
    expect(again.differ).toEqual([]);
    expect(ops().at(-1)).toBe('containers.configVars.get');
  });
});
