/**
 * The Evals tab against a zone that refuses a new case asking for fields under its own names,
 * none of which Zonedeck can match to the form (`zq9`, `kx2`: both text, nothing tells which is
 * which). Nothing is guessed: the form keeps what was typed and offers Choose fields…; the person
 * says which name holds which field, and each choice goes to the agent as the zone's learned word,
 * marked chosen by a person. (The agent sends learned words on the next save: tested against the
 * sandbox in test/integration/agent/worded-call*.)
 */
import type { Pinia } from 'pinia';
import { NSelect } from 'naive-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZoneView } from '@contract/commands';
import { AgentError } from '@contract/errors';
import { scripted, scriptedAgentModule } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const EvalsTab = (await import('../../../../src-renderer/features/workflows/production/EvalsTab.vue')).default;
const { freshPinia } = await import('../../support/mount-app');
const { settle, typeCase } = await import('../../support/eval-form');

let pinia: Pinia;
let z: ZoneView;

beforeEach(async () => {
  pinia = freshPinia();
  z = zone('eu-1');
  scripted.calls = [];
  scripted.commands = [];
  scripted.command = (command) => (command === 'zones.list' ? [z] : command === 'zones.learnWord' ? z : []);
  scripted.answer = (c) => {
    if (c.op === 'workflows.evals.list') return { items: [] };
    if (c.op !== 'workflows.evals.put') return { items: [] };
    throw new AgentError({
      status: 400,
      code: 'invalid_argument',
      message: 'zq9 and kx2 are required',
      details: { expected: ['zq9', 'kx2'] },
    });
  };
  useZonesStore().start();
  await useZonesStore().load();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('evals tab, a refusal naming fields Zonedeck cannot match', () => {
  it('keeps the typed case, asks which name is which, and keeps each choice as chosen by a person', async () => {
    const { w, field } = await typeCase(pinia, EvalsTab, z, { name: 'greets', input: 'hi', expected: 'hello' });

    expect(w.find('form [role="alert"]').text()).toContain('zq9 and kx2 are required');
    expect((field('Case input').element as HTMLTextAreaElement).value).toBe('hi');
    const choose = w.findAll('button').find((b) => b.text() === 'Choose fields…');
    expect(choose).toBeDefined();
    await choose!.trigger('click');
    await settle();

    const dialog = document.body.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('How Zonedeck writes eu-1’s eval cases');
    expect([...dialog.querySelectorAll('p code')].map((c) => c.textContent)).toEqual(['zq9', 'kx2']);
    const labels = [...dialog.querySelectorAll('input[aria-label]')].map((i) => i.getAttribute('aria-label'));
    expect(labels).toEqual(expect.arrayContaining(['Name eu-1 wants for Input', 'Name eu-1 wants for Expected text']));
    const save = [...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save')!;
    expect(save.disabled).toBe(true); // nothing picked, nothing to keep

    // Each select offers the names asked for; Input is zq9, Expected text kx2.
    const selectFor = (label: string) =>
      w
        .findAllComponents(NSelect)
        .find(
          (x) => (x.props('inputProps') as Record<string, string>)['aria-label'] === `Name eu-1 wants for ${label}`,
        )!;
    const offered = (label: string) => (selectFor(label).props('options') as { value: string }[]).map((o) => o.value);
    expect(offered('Input')).toEqual(['zq9', 'kx2']);
    selectFor('Input').vm.$emit('update:value', 'zq9');
    await settle();
    // A name picked for one field is not offered for another.
    expect(offered('Expected text')).toEqual(['kx2']);
    selectFor('Expected text').vm.$emit('update:value', 'kx2');
    await settle();
    expect(save.disabled).toBe(false);
    save.click();
    await settle();

    const learned = scripted.commands.filter((c) => c.command === 'zones.learnWord').map((c) => c.input);
    expect(learned).toEqual([
      expect.objectContaining({ role: 'evalCase.input', name: 'zq9', instead: 'input', from: 'person' }),
      expect.objectContaining({ role: 'evalCase.expected', name: 'kx2', instead: 'expected', from: 'person' }),
    ]);
    expect(learned.every((l) => (l as { operationId: string }).operationId === 'workflows.evals.put')).toBe(true);
    // The typed values are still there, for the save that sends them under the chosen names.
    expect((field('Expected text').element as HTMLTextAreaElement).value).toBe('hello');
    expect(w.find('form [role="alert"]').text()).toContain('Names chosen');
  });
});

describe('evals tab, a field the zone dropped with nothing in its record to hold it', () => {
  it('lets the person type the zone’s name for it, and the next save updates the case it created', async () => {
    // A lenient zone: keeps name, kind and expected; drops the input (it wants `zq9`, and says nothing).
    const stored: Record<string, unknown>[] = [];
    scripted.answer = (c) => {
      if (c.op === 'workflows.evals.list') return { items: stored };
      if (c.op !== 'workflows.evals.put') return { items: [] };
      const b = c.opts.body ?? {};
      let rec = stored.find((s) => s.id === b.id);
      if (!rec) stored.push((rec = { id: `c${stored.length + 1}` }));
      for (const k of ['name', 'kind', 'expected', 'zq9']) if (b[k] !== undefined) rec[k] = b[k];
      return { ...rec };
    };
    const { w, field } = await typeCase(pinia, EvalsTab, z, { name: 'greets', input: 'hi', expected: 'hello' });

    expect(w.find('form').text()).toContain('The zone did not keep some fields under these names.');
    expect((field('Case input').element as HTMLTextAreaElement).value).toBe('hi');
    await w
      .findAll('button')
      .find((b) => b.text() === 'Choose fields…')!
      .trigger('click');
    await settle();
    const dialog = document.body.querySelector('[role="dialog"]')!;
    expect(dialog.textContent).toContain('kept the eval case without these fields');
    const input = w
      .findAllComponents(NSelect)
      .find((x) => (x.props('inputProps') as Record<string, string>)['aria-label'] === 'Name eu-1 wants for Input')!;
    expect(input.props('tag')).toBe(true); // a name may be typed: nothing in the record offers one
    input.vm.$emit('update:value', 'zq9');
    await settle();
    [...dialog.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Save')!.click();
    await settle();
    expect(scripted.commands.filter((c) => c.command === 'zones.learnWord').map((c) => c.input)).toEqual([
      expect.objectContaining({ role: 'evalCase.input', name: 'zq9', instead: 'input', from: 'person' }),
    ]);

    const puts = () => scripted.calls.filter((c) => c.op === 'workflows.evals.put');
    const before = puts().length;
    await w.find('form').trigger('submit');
    await settle();
    // The case the first save created is updated, never a second one made.
    expect(puts().slice(before)[0]?.opts.body?.id).toBe('c1');
    expect(stored).toHaveLength(1);
  });
});
