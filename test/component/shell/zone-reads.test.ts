/**
 * "How Zonedeck reads this zone" in the zone's details: per kind, each role's field and where it
 * came from (a person's choice marked), the names the zone taught under "Names it writes", Change…
 * opening the choose dialog at that kind, and Reset / Reset all asking first — nothing is sent
 * until confirmed, and Cancel sends nothing.
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { h } from 'vue';
import type { ZoneView } from '@contract/commands';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { button, dialogs, mountWithFeedback, settle, theDialog } from '../support/dialogs';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const ZoneReadsSection = (await import('../../../src-renderer/shell/ZoneReadsSection.vue')).default;

const EU1: ZoneView = zone('eu-1', undefined, {
  dictionary: {
    kinds: {
      container: {
        read: {
          id: { path: ['uid'], from: 'inferred' },
          name: { path: ['label'], from: 'inferred' },
          state: { path: ['s1'], from: 'chosen' },
        },
        fields: ['uid', 'label', 's1', 's2'],
      },
      cluster: { read: { name: { path: ['meta', 'title'], from: 'learned' } }, unsure: { state: [['a'], ['b']] } },
    },
  },
  learnedWords: [
    {
      role: 'workflow.draft',
      place: 'body',
      name: 'definition',
      instead: 'draft_spec',
      operationId: 'workflows.update',
      learnedAt: '2026-01-02T03:04:05Z',
    },
  ],
});

let pinia: Pinia;
beforeEach(async () => {
  pinia = createPinia();
  setActivePinia(pinia);
  scripted.commands = [];
  scripted.command = (command) => (command === 'zones.list' ? [EU1] : command.startsWith('dictionary.') ? EU1 : null);
  await useZonesStore().load();
});
afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
});

function section() {
  return mountWithFeedback(pinia, () => h(ZoneReadsSection, { zone: EU1 }));
}
const resets = () => scripted.commands.filter((c) => c.command === 'dictionary.reset').map((c) => c.input);

describe('How Zonedeck reads this zone', () => {
  it('shows each kind’s fields and where each came from, and the names the zone taught', async () => {
    const w = section();
    await flushPromises();
    const containers = w.get('[role="group"][aria-label="How containers are read"]');
    expect(containers.get('[aria-label="containers state: s1, chosen by you"]').text()).toBe('s1chosen by you');
    expect(containers.find('[aria-label="containers name: label, inferred"]').exists()).toBe(true);
    expect(containers.find('[aria-label="containers creation time: none, not read"]').exists()).toBe(true);
    const clusters = w.get('[role="group"][aria-label="How clusters are read"]');
    expect(clusters.find('[aria-label="clusters name: meta.title, learned"]').exists()).toBe(true);
    expect(clusters.find('[aria-label="clusters state: none, 2 fields could be"]').exists()).toBe(true);
    expect(w.text()).toContain('Names it writes');
    expect(w.find('li[aria-label="workflow.draft: definition"]').exists()).toBe(true);
  });

  it('Change… opens the choice at that kind', async () => {
    const w = section();
    await flushPromises();
    await w.get('button[aria-label="Change how containers are read"]').trigger('click');
    await flushPromises();
    expect(document.querySelector('[role="dialog"][aria-label="How Zonedeck reads eu-1’s containers"]')).not.toBeNull();
  });

  it('Reset all asks first: Cancel sends nothing, confirming forgets every kind', async () => {
    const w = section();
    await flushPromises();
    const resetAll = () => w.findAll('button').find((b) => b.text() === 'Reset all…')!;
    await resetAll().trigger('click');
    await flushPromises();
    expect(theDialog().textContent).toContain('Reset everything for eu-1?');
    expect(resets()).toEqual([]);
    button(theDialog(), 'Cancel').click();
    await settle();
    expect(resets()).toEqual([]);

    await resetAll().trigger('click');
    await flushPromises();
    // The cancelled question may still be leaving (its transition): the new one is the last.
    button(dialogs().at(-1)!, 'Reset all').click();
    await flushPromises();
    expect(resets()).toEqual([{ zone: 'eu-1' }]);
  });

  it('Reset of one kind asks, then forgets that kind only', async () => {
    const w = section();
    await flushPromises();
    await w.get('button[aria-label="Reset clusters"]').trigger('click');
    await flushPromises();
    expect(theDialog().textContent).toContain('Reset clusters?');
    expect(resets()).toEqual([]);
    button(theDialog(), 'Reset clusters').click();
    await flushPromises();
    expect(resets()).toEqual([{ zone: 'eu-1', kind: 'cluster' }]);
  });
});
