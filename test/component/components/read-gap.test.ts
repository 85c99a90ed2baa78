/**
 * The zone's dictionary where a list shows it: the notice above a list whose rows lack their state
 * (the kind in words, the records' fields, Choose fields…), gone once the rows read; the choose
 * dialog beside a real record: the field read now pre-selected with where it came from, the tied
 * fields first with their values, and Save sending the chosen path to the agent.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { NSelect } from 'naive-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markRaw, type Component, type VNode } from 'vue';
import type { ZoneView } from '@contract/commands';
import type { ZoneDictionary } from '@contract/dictionary/dictionary-types';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { settle } from '../support/dialogs';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { readerFor, readGaps } = await import('../../../src-renderer/data');
const ResourceList = (await import('../../../src-renderer/components/ResourceList.vue'))
  .default as unknown as Component;
const ChooseFieldsDialog = (await import('../../../src-renderer/components/ChooseFieldsDialog.vue')).default;

enableAutoUnmount(afterEach);

/** Containers whose state is in two fields alike (the current and the desired one): the state is unsure. */
const TIED = [
  { uid: 'c-0001', label: 'web-1', s1: 'running', s2: 'running', made: '2026-01-02T03:04:05Z' },
  { uid: 'c-0002', label: 'db-proxy', s1: 'stopped', s2: 'stopped', made: '2026-01-03T03:04:05Z' },
  { uid: 'c-0003', label: 'worker-1', s1: 'running', s2: 'running', made: '2026-01-04T03:04:05Z' },
];
const READABLE = TIED.map(({ s2: _, s1, ...r }) => ({ ...r, status: s1 }));

let pinia: Pinia;
let views: ZoneView[];

function withDictionary(dictionary: ZoneDictionary): void {
  views = [zone('eu-1', undefined, { dictionary })];
}

beforeEach(async () => {
  pinia = createPinia();
  setActivePinia(pinia);
  readGaps.clear();
  scripted.commands = [];
  withDictionary({ kinds: {} });
  scripted.command = (command, input) => {
    if (command === 'dictionary.choose') {
      const { kind, role, path } = input as { kind: string; role: 'state'; path: string[] };
      withDictionary({ kinds: { [kind]: { read: { [role]: { path, from: 'chosen' } } } } });
      return views[0];
    }
    return command === 'zones.list' ? views : null;
  };
  await useZonesStore().load();
});
afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
});

function list() {
  return mount(ResourceList, {
    props: {
      heading: 'Containers',
      rows: markRaw([{ key: 'c-0001', name: 'web-1' }]),
      columns: [{ key: 'name', title: 'Name' }],
      zone: 'eu-1',
      records: { zone: 'eu-1', kind: 'container' },
    },
    global: { plugins: [pinia] },
    attachTo: document.body,
  });
}

/** Reads the records as a list does, after the agent read the zone's other kinds (a gap waits for that). */
async function readSurveyed(zoneId: string, records: readonly unknown[]): Promise<void> {
  readerFor(zoneId, 'container', records);
  await flushPromises();
  readerFor(zoneId, 'container', records);
  await flushPromises();
}

describe('the notice above a list', () => {
  it('says which role the rows lack and lists their fields, with Choose fields…', async () => {
    await readSurveyed('eu-1', TIED);
    const w = list();
    await flushPromises();
    const notice = w.get('[role="status"][aria-label="What Zonedeck cannot read in eu-1"]');
    expect(notice.text()).toContain(
      'This zone’s containers have no field Zonedeck reads as their state; their fields are: uid, label, s1, s2, made.',
    );
    const choose = notice.get('button');
    expect(choose.text()).toBe('Choose fields…');
    await choose.trigger('click');
    await flushPromises();
    const dialog = document.querySelector('[role="dialog"][aria-label="How Zonedeck reads eu-1’s containers"]');
    expect(dialog).not.toBeNull();
    // The list's record is beside the choice.
    expect(dialog!.querySelector('.record')!.textContent).toContain('web-1');
  });

  it('is not there while the rows read, and goes once they do', async () => {
    readerFor('eu-1', 'container', READABLE);
    const w = list();
    await flushPromises();
    expect(w.find('[aria-label="What Zonedeck cannot read in eu-1"]').exists()).toBe(false);
    await readSurveyed('eu-1', TIED);
    expect(w.find('[aria-label="What Zonedeck cannot read in eu-1"]').exists()).toBe(true);
    readerFor('eu-1', 'container', READABLE);
    await flushPromises();
    expect(w.find('[aria-label="What Zonedeck cannot read in eu-1"]').exists()).toBe(false);
  });
});

describe('the notice waits for the zone’s habits', () => {
  it('asks the agent to read the zone’s other kinds first, and says nothing when they break the tie', async () => {
    // The zone's clusters read their state from s1: the containers' tie between s1 and s2 is broken.
    const habits: ZoneDictionary = { kinds: { cluster: { read: { state: { path: ['s1'], from: 'inferred' } } } } };
    views = [zone('eu-2', undefined, { dictionary: { kinds: {} } })];
    await useZonesStore().load();
    scripted.command = (command) =>
      command === 'dictionary.survey' ? zone('eu-2', undefined, { dictionary: habits }) : null;
    expect(readerFor('eu-2', 'container', TIED).paths.state).toBeUndefined();
    expect(readGaps.has('eu-2|container')).toBe(false); // not said before the zone's habits are known
    await flushPromises();
    expect(scripted.commands.filter((c) => c.command === 'dictionary.survey')).toEqual([
      { command: 'dictionary.survey', input: { zone: 'eu-2' } },
    ]);
    expect(readerFor('eu-2', 'container', TIED).paths.state).toEqual(['s1']);
    expect(readGaps.has('eu-2|container')).toBe(false);
    // Asked once per zone.
    readerFor('eu-2', 'container', TIED);
    expect(scripted.commands.filter((c) => c.command === 'dictionary.survey')).toHaveLength(1);
  });
});

describe('Choose fields…', () => {
  async function open() {
    withDictionary({
      kinds: {
        container: {
          read: { id: { path: ['uid'], from: 'inferred' }, name: { path: ['label'], from: 'learned' } },
          unsure: { state: [['s2'], ['s1']] },
          fields: ['uid', 'label', 's1', 's2', 'made'],
        },
      },
    });
    await useZonesStore().load();
    const sample = { ...TIED[1]!, s2: 'running' };
    const w = mount(ChooseFieldsDialog, {
      props: { show: true, of: { zone: 'eu-1', kind: 'container', sample } },
      global: { plugins: [pinia] },
      attachTo: document.body,
    });
    await flushPromises();
    return w;
  }
  const selectOf = (w: Awaited<ReturnType<typeof open>>, role: string) =>
    w
      .findAllComponents(NSelect)
      .find((s) => (s.props('inputProps') as Record<string, string>)['aria-label'] === `Field read as its ${role}`)!;

  it('pre-selects the field read now and says where it came from; an unsure role says so', async () => {
    const w = await open();
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-label')).toBe('How Zonedeck reads eu-1’s containers');
    expect(selectOf(w, 'name').props('value')).toBe('label');
    expect(selectOf(w, 'id').props('value')).toBe('uid');
    expect(selectOf(w, 'state').props('value')).toBeNull();
    expect(dialog.querySelector('[aria-label="name: learned"]')).not.toBeNull();
    expect(dialog.querySelector('[aria-label="id: inferred"]')).not.toBeNull();
    expect(dialog.querySelector('[aria-label="state: 2 fields could be its state"]')).not.toBeNull();
    // The record on the left: each field with its value, as text.
    expect(dialog.querySelector('.record')!.textContent).toContain('db-proxy');
  });

  it('lists the tied fields first, each with its value in the record', async () => {
    const w = await open();
    const options = selectOf(w, 'state').props('options') as { value: string; value_: string; tied: boolean }[];
    expect(options.map((o) => [o.value, o.value_, o.tied])).toEqual([
      ['s2', 'running', true],
      ['s1', 'stopped', true],
      ['uid', 'c-0002', false],
      ['label', 'db-proxy', false],
      ['made', '2026-01-03T03:04:05Z', false],
    ]);
    // As a person sees an option: the field, its value and "could be", all as text (never markup).
    const label = selectOf(w, 'state').props('renderLabel') as (o: unknown) => VNode;
    const shown = mount({ render: () => label({ ...options[0], value_: '<b>running</b>' }) });
    expect(shown.text()).toBe('s2<b>running</b>could be');
    expect(shown.find('b').exists()).toBe(false);
  });

  it('saves the chosen field of each changed role, and only those', async () => {
    const w = await open();
    const save = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
      (b) => b.textContent?.trim() === 'Save',
    )!;
    expect(save.disabled).toBe(true);
    selectOf(w, 'state').vm.$emit('update:value', 's1');
    await flushPromises();
    expect(save.disabled).toBe(false);
    save.click();
    await flushPromises();
    const sent = scripted.commands.filter((c) => c.command === 'dictionary.choose');
    expect(sent).toEqual([
      { command: 'dictionary.choose', input: { zone: 'eu-1', kind: 'container', role: 'state', path: ['s1'] } },
    ]);
    expect(w.emitted('update:show')?.at(-1)).toEqual([false]);
  });
});
