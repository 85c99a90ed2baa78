/**
 * Storage › Disks mounted as the app shows it. The API lists no disks: a fresh zone shows how to
 * open one by id; the disks its instances carry are offered by the instance they are on; one
 * refused instance list leaves the other's.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, refused, scriptZone } = await import('../../support/screen-zone');
const DisksView = (await import('../../../../src-renderer/features/storage/DisksView.vue')).default;

enableAutoUnmount(afterEach);
beforeEach(() => localStorage.clear());

const attached = (w: Awaited<ReturnType<typeof mountScreen>>) =>
  w.findAll('[aria-label="Disks attached to instances"] button').map((b) => b.text());

describe('the Disks screen', () => {
  it('empty: the way to open a disk by id, and nothing listed', async () => {
    scriptZone();
    const w = await mountScreen(DisksView);
    const side = w.find('section[aria-label="Disks"]');
    expect(side.find('input[aria-label="Disk id"], [aria-label="Disk id"]').exists()).toBe(true);
    expect(side.text()).toContain('Disks you open are remembered here for Frankfurt');
    expect(w.find('[aria-label="Recently used disks"]').exists()).toBe(false);
    expect(w.find('[aria-label="Disks attached to instances"]').exists()).toBe(false);
    expect(w.find('.empty').text()).toContain('Open a disk by its id');
  });

  it('filled: the disks on the zone’s instances, by the instance they are on', async () => {
    scriptZone({
      reads: {
        'containers.list': [{ id: 'c1', name: 'web', disks: ['d-111'] }],
        'microvms.list': [{ id: 'm1', name: 'build', disks: [{ id: 'd-222' }] }],
      },
    });
    const w = await mountScreen(DisksView);
    expect(attached(w)).toEqual(['on webd-111', 'on buildd-222']);
  });

  it('refused: one instance list failing leaves the other’s disks', async () => {
    scriptZone({
      reads: {
        'containers.list': refused(),
        'microvms.list': [{ id: 'm1', name: 'build', disks: ['d-222'] }],
      },
    });
    const w = await mountScreen(DisksView);
    expect(attached(w)).toEqual(['on buildd-222']);
  });
});
