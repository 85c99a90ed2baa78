/**
 * The Evals tab against a zone that silently ignores fields it does not know (scripted: the
 * sandbox's dialects refuse other names rather than drop them). A new case it stored under its
 * default name is written again under the case's own field for it; when that sticks the form
 * closes and the case is listed by its name, read under the name learned; when it does not, the
 * form keeps every typed value and says what was tried.
 */
import type { Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZoneView } from '@contract/commands';
import { emitEvent, scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const EvalsTab = (await import('../../../../src-renderer/features/workflows/production/EvalsTab.vue')).default;
const { freshPinia } = await import('../../support/mount-app');
const { typeCase: typeCaseIn } = await import('../../support/eval-form');

let pinia: Pinia;
let z: ZoneView;

/** A lenient zone: keeps only `heading`, `kind`, `input`, `expected`; a new case is named "<kind> case". */
function lenientZone(keepOnUpdate: boolean) {
  const stored: Record<string, unknown>[] = [];
  const fields = ['heading', 'kind', 'input', 'expected'];
  return (c: ScriptedCall): unknown => {
    if (c.op === 'workflows.evals.list') return { items: stored };
    if (c.op !== 'workflows.evals.put') return { items: [] };
    const body = c.opts.body ?? {};
    const known = Object.fromEntries(Object.entries(body).filter(([k]) => fields.includes(k)));
    let rec = stored.find((s) => s.id === body.id);
    if (!rec) stored.push((rec = { id: `c${stored.length + 1}`, heading: `${String(body.kind)} case`, ...known }));
    else if (keepOnUpdate) Object.assign(rec, known);
    return { ...rec };
  };
}

beforeEach(async () => {
  pinia = freshPinia();
  z = zone('eu-1');
  scripted.command = (command, input) => {
    if (command === 'zones.list') return [z];
    if (command === 'zones.learnWord') {
      const w = input as Record<string, string>;
      z = {
        ...z,
        learnedWords: [{ ...w, place: 'body', learnedAt: '2026-01-01T00:00:00Z', from: 'compare' }] as never,
      };
      emitEvent('zones.changed', [z]);
      return z;
    }
    return [];
  };
  useZonesStore().start();
  await useZonesStore().load();
});
afterEach(() => {
  document.body.innerHTML = '';
});

const typeCase = () => typeCaseIn(pinia, EvalsTab, z, { name: 'greets politely', input: 'hi', expected: 'hello' });

describe('evals tab, a case the zone stored under its default name', () => {
  it('is written again under the case’s own field; the form closes and the case is listed by its name', async () => {
    scripted.answer = lenientZone(true);
    const { w } = await typeCase();
    expect(w.find('form').exists()).toBe(false);
    expect(w.find('table[aria-label="Eval cases"]').text()).toContain('greets politely');
    const puts = scripted.calls.filter((c) => c.op === 'workflows.evals.put');
    expect(puts.map((c) => c.opts.body?.id)).toEqual([undefined, 'c1']);
  });

  it('keeps every typed value and says what was tried when the zone still does not keep it', async () => {
    scripted.answer = lenientZone(false);
    const { w, field } = await typeCase();
    const alert = w.find('form [role="alert"]').text();
    expect(alert).toContain('The zone kept the case differently: name “c1”');
    expect(alert).toContain('Written again under its field “heading”, it still did not keep it.');
    expect(alert).toContain('Your values are still in the form.');
    expect((field('Case name').element as HTMLInputElement).value).toBe('greets politely');
    expect((field('Expected text').element as HTMLTextAreaElement).value).toBe('hello');
  });
});
