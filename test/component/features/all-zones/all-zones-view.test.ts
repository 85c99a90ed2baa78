/**
 * All zones › a kind's screen mounted as the app shows it (outside a pane it shows containers):
 * every signed-in zone's rows tagged with the zone's name, the zone whose list was refused named
 * beside the list with Retry, and the words for a kind no zone has.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, refused, scriptZone } = await import('../../support/screen-zone');
const AllZonesView = (await import('../../../../src-renderer/features/all-zones/AllZonesView.vue')).default;

enableAutoUnmount(afterEach);

type W = Awaited<ReturnType<typeof mountScreen>>;
const list = (w: W) => w.find('section[aria-label="Containers · all zones list"]');

describe('the all-zones screen', () => {
  it('filled: every zone’s rows, tagged with the zone’s name', async () => {
    scriptZone({
      lists: {
        'containers.list': [
          { id: 'c1', name: 'web-1', state: 'running' },
          { id: 'c2', name: 'db-1', state: 'stopped' },
        ],
      },
    });
    const w = await mountScreen(AllZonesView, {}, true);
    expect(list(w).find('h2').text()).toBe('Containers · all zones');
    expect(list(w).find('[aria-label="Count"]').text()).toBe('2');
    const table = list(w).find('table[aria-label="Containers"]');
    expect(table.text()).toContain('web-1');
    expect(table.text()).toContain('db-1');
    expect(table.text()).toContain('Frankfurt');
    expect(w.find('[aria-label="Zones not listed"]').exists()).toBe(false);
  });

  it('loading: a busy skeleton named for the kind, no count claimed', async () => {
    scriptZone({ lists: { 'containers.list': new Promise(() => undefined) } });
    const w = await mountScreen(AllZonesView, {}, true);
    expect(list(w).find('[role="status"][aria-busy="true"]').attributes('aria-label')).toBe('Loading containers');
    expect(list(w).find('[aria-label="Count"]').text()).toBe('…');
  });

  it('empty: says no zone has any', async () => {
    scriptZone({ lists: { 'containers.list': [] } });
    const w = await mountScreen(AllZonesView, {}, true);
    expect(list(w).find('.empty').text()).toContain('No containers in any of 1');
  });

  it('refused: names the zone that could not list, with Retry', async () => {
    scriptZone({ lists: { 'containers.list': refused('The zone is not answering.') } });
    const w = await mountScreen(AllZonesView, {}, true);
    const trouble = w.find('[aria-label="Zones not listed"] [aria-label="Frankfurt: error"]');
    expect(trouble.text()).toContain('Frankfurt');
    expect(trouble.find('button').text()).toBe('Retry');
    expect(list(w).find('.empty').text()).toContain('No zone could list its containers.');
  });
});
