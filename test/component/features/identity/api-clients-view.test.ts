/**
 * Identity › API clients mounted as the app shows it: the clients in a table named for the list,
 * what they are for when there are none, and the zone's refusal with Retry.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, refused, scriptZone } = await import('../../support/screen-zone');
const ApiClientsView = (await import('../../../../src-renderer/features/identity/ApiClientsView.vue')).default;

enableAutoUnmount(afterEach);

const CLIENTS = [
  {
    id: 'a1',
    client_id: 'ci-runner',
    name: 'CI runner',
    scopes: ['containers:read'],
    created_at: '2026-01-01T00:00:00Z',
  },
  { id: 'a2', client_id: 'backup-job', name: 'Nightly backup', scopes: [], created_at: '2026-01-02T00:00:00Z' },
];

describe('the API clients screen', () => {
  it('filled: each client in the list, and how many', async () => {
    scriptZone({ reads: { 'apiClients.list': CLIENTS } });
    const w = await mountScreen(ApiClientsView);
    expect(w.find('h2').text()).toMatch(/^API clients\s+2$/);
    const list = w.find('[role="region"][aria-label="API clients list"]');
    expect(list.text()).toContain('CI runner');
    expect(list.text()).toContain('Nightly backup');
    expect(w.find('[role="alert"]').exists()).toBe(false);
  });

  it('loading: a busy skeleton named for the clients, nothing claimed', async () => {
    scriptZone({ reads: { 'apiClients.list': new Promise(() => undefined) } });
    const w = await mountScreen(ApiClientsView);
    expect(w.find('[role="status"][aria-busy="true"]').attributes('aria-label')).toBe('Loading API clients');
    expect(w.find('.empty').exists()).toBe(false);
  });

  it('empty: says what API clients are for, and offers to make one', async () => {
    scriptZone({ reads: { 'apiClients.list': [] } });
    const w = await mountScreen(ApiClientsView);
    expect(w.find('.empty').text()).toContain('API clients let scripts and CI reach this cloud');
    expect(w.find('.empty button').text()).toBe('New API client');
    expect(w.find('[aria-label="API clients list"]').exists()).toBe(false);
  });

  it('refused: says the clients could not be listed, with Retry', async () => {
    scriptZone({ reads: { 'apiClients.list': refused() } });
    const w = await mountScreen(ApiClientsView);
    const alert = w.find('[role="alert"]');
    expect(alert.text()).toContain('Could not list API clients');
    expect(alert.find('button').text()).toBe('Retry');
  });
});
