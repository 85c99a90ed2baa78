/**
 * All zones › Changes from this machine mounted as the app shows it: the agent's journal as a
 * table of changes (the zone by its name, a failed one said so, its target one press away), what
 * the page is for when nothing matches, and a journal that could not be read, with Retry.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '@contract/errors';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, scriptZone } = await import('../../support/screen-zone');
const JournalView = (await import('../../../../src-renderer/features/journal/JournalView.vue')).default;

enableAutoUnmount(afterEach);

const entry = (over: Record<string, unknown>) => ({
  at: new Date().toISOString(),
  zone: 'eu-1',
  zoneName: 'eu-1',
  op: 'containers.stop',
  method: 'POST',
  kind: 'containers',
  targetId: 'c1',
  targetName: 'web-1',
  outcome: 'ok',
  status: 200,
  via: 'app',
  ...over,
});

describe('the Changes screen', () => {
  it('filled: each change in the table, the zone by its name, a failed one said so', async () => {
    scriptZone({
      commands: {
        'journal.list': {
          entries: [entry({}), entry({ op: 'containers.delete', targetName: 'db-1', outcome: 'failed', status: 409 })],
          more: false,
        },
      },
    });
    const w = await mountScreen(JournalView, {}, true);
    const section = w.find('section[aria-labelledby="journal-title"]');
    expect(section.find('h2').text()).toBe('Changes from this machine');
    expect(section.find('[role="status"]').text()).toBe('2 changes');
    const rows = section.findAll('table[aria-label="Changes"] tbody tr');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.text()).toContain('Frankfurt');
    expect(rows[0]!.text()).toContain('web-1');
    expect(rows[1]!.classes()).toContain('failed');
    expect(section.find('button[aria-label="Open web-1 in Frankfurt"]').exists()).toBe(true);
  });

  it('empty: says nothing matches and what will be listed', async () => {
    scriptZone({ commands: { 'journal.list': { entries: [], more: false } } });
    const w = await mountScreen(JournalView, {}, true);
    expect(w.find('.empty').text()).toContain('No change matches.');
    expect(w.find('table').exists()).toBe(false);
  });

  it('refused: says the journal could not be read, with Retry', async () => {
    scriptZone({
      commands: {
        'journal.list': new AgentError({ status: 0, code: 'internal_error', message: 'The log is locked.' }),
      },
    });
    const w = await mountScreen(JournalView, {}, true);
    const alert = w.find('[role="alert"]');
    expect(alert.text()).toContain('The journal could not be read');
    expect(alert.find('button').text()).toBe('Retry');
  });
});
