/**
 * Deleting an eval case from the Evals tab of a zone that names its cases by resource path
 * (AIP-122 `workflows/w1/evals/c2` under `name`, the human name under `displayName`, no other id):
 * the row is named by its human name, Delete asks, and the delete names the case in its path by
 * the path's last segment. A case with no id the zone's reader can read says why it cannot be
 * deleted instead of a click that does nothing.
 */
import { flushPromises } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZoneView } from '@contract/commands';
import { scripted, scriptedAgentModule } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';
import { button, settle, theDialog } from '../../support/dialogs';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const EvalsTab = (await import('../../../../src-renderer/features/workflows/production/EvalsTab.vue')).default;
const { freshPinia, mountApp } = await import('../../support/mount-app');

let pinia: Pinia;
let z: ZoneView;

const googleCase = (n: number, displayName: string) => ({
  name: `workflows/w1/evals/c${n}`,
  displayName,
  kind: 'contains',
  input: 'a ticket',
  expected: 'x',
});

beforeEach(async () => {
  pinia = freshPinia();
  z = zone('ap-1');
  scripted.calls.length = 0;
  scripted.command = (command) => (command === 'zones.list' ? [z] : []);
  useZonesStore().start();
  await useZonesStore().load();
});
afterEach(() => {
  document.body.innerHTML = '';
});

/** The tab of workflow `id` (one per test: the data layer's cache outlives a mount). */
async function mountWith(id: string, cases: Record<string, unknown>[]) {
  scripted.answer = (c) =>
    c.op === 'workflows.evals.list' ? { evalCases: cases } : c.op.endsWith('.delete') ? {} : [];
  const w = mountApp(pinia, EvalsTab, { zone: z, id, summary: {} as never, raw: {} });
  for (let i = 0; i < 3; i++) await flushPromises();
  return w;
}

describe('evals tab, deleting a case a zone names by resource path', () => {
  it('names the row by its human name, asks, and deletes the case by its path’s last segment', async () => {
    const w = await mountWith('w1', [googleCase(1, 'mentions input'), googleCase(2, 'mentions zebras')]);
    const del = w.find('button[aria-label="Delete mentions zebras"]');
    expect(del.exists()).toBe(true);
    expect(del.attributes('disabled')).toBeUndefined();
    await del.trigger('click');
    await settle();
    const dialog = theDialog();
    expect(dialog.textContent).toContain('Delete eval case “mentions zebras”');
    button(dialog, 'Delete mentions zebras').click();
    await settle();
    const deletes = scripted.calls.filter((c) => c.op === 'workflows.evals.delete');
    expect(deletes.map((c) => c.opts.params)).toEqual([{ id: 'w1', caseId: 'c2' }]);
  });

  it('says why a case with no id it can read cannot be deleted, rather than a click that does nothing', async () => {
    const w = await mountWith('w2', [{ displayName: 'orphan', kind: 'contains', input: 'a', expected: 'b' }]);
    const del = w.find('button[aria-label="Delete orphan"]');
    expect(del.attributes('disabled')).toBeDefined();
    expect(del.attributes('title')).toMatch(/carries no id Zonedeck can read/);
  });
});
