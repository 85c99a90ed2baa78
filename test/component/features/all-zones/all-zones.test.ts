/**
 * An all-zones list through the real stores: every zone's list read through its own per-zone
 * resource, merged with a zone tag; a signed-out zone (with the agent's reason) and a zone whose
 * read failed are reported beside the list, the failed one as stale while its last rows stay; a
 * removed zone stops being read and leaves the list; "loading" waits only for signed-in zones.
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { ZoneView } from '@contract/commands';
import { AgentError } from '@contract/errors';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule } from '../../../support/scripted-agent';
import { signedIn, zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { useAllZonesList } = await import('../../../../src-renderer/features/all-zones/all-zones');
// Mounted as the app is (mountApp): the app's plugin gates reads by session, as in main.ts.
const { freshPinia, mountApp } = await import('../../support/mount-app');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

let listed: ZoneView[] = [];
const lists: Record<string, Raw[] | Error> = {};
const polled: string[] = [];

type View = ReturnType<typeof useAllZonesList<{ key: string; name: string }>>;
let view!: View;
const Screen = defineComponent({
  setup() {
    view = useAllZonesList('containers');
    return () => h('p', view.rows.length);
  },
});

let pinia: Pinia;
enableAutoUnmount(afterEach);
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  pinia = freshPinia();
  polled.length = 0;
  listed = [
    zone('eu-1', signedIn(), { name: 'Frankfurt', color: '#111111' }),
    zone('us-1'),
    zone('ap-1', { state: 'signed_out', reason: 'The session expired.' }),
  ];
  lists['eu-1'] = [{ id: 'c1', name: 'web', state: 'running' }];
  lists['us-1'] = [
    { id: 'c1', name: 'api', state: 'running' },
    { id: 'c2', name: 'db', state: 'stopped' },
  ];
  lists['ap-1'] = [{ id: 'x', name: 'never-read' }];
  scripted.command = (command, input) => {
    if (command === 'zones.list') return listed;
    if (command !== 'list.poll') return [];
    const z = (input as { zone: string }).zone;
    polled.push(z);
    const l = lists[z]!;
    if (l instanceof Error) throw l;
    return { version: `${z}-${polled.length}`, items: l };
  };
  await useZonesStore().load();
});
afterEach(() => {
  for (const z of ['eu-1', 'us-1', 'ap-1']) resources.dropZone(z);
});

describe('all-zones list', () => {
  it('merges every signed-in zone’s rows with a zone tag, and says why a zone has none', async () => {
    mountApp(pinia, Screen);
    await flushPromises();
    expect(view.rows.map((r) => `${r.zone.name}/${r.name}`)).toEqual(['Frankfurt/web', 'us-1/api', 'us-1/db']);
    expect(view.rows[0]!.key).toBe('eu-1/c1');
    expect(view.rows[0]!.zone.color).toBe('#111111');
    expect(polled).not.toContain('ap-1');
    expect(view.troubles).toEqual([
      { zone: { id: 'ap-1', name: 'ap-1', color: '#3b82f6' }, kind: 'signed-out', reason: 'The session expired.' },
    ]);
    expect(view.zoneCount).toBe(3);
    expect(view.loading).toBe(false);
  });

  it('a zone whose read fails is reported; after it had rows, as stale with its rows kept', async () => {
    lists['us-1'] = new AgentError({ status: 403, code: 'forbidden', message: 'Not allowed here.' });
    mountApp(pinia, Screen);
    await flushPromises();
    expect(view.troubles.find((t) => t.zone.id === 'us-1')).toMatchObject({
      kind: 'error',
      error: { code: 'forbidden' },
      stale: false,
    });
    lists['us-1'] = [{ id: 'c1', name: 'api', state: 'running' }];
    await view.refresh('us-1');
    await flushPromises();
    expect(view.troubles.map((t) => t.kind)).toEqual(['signed-out']);
    lists['us-1'] = new AgentError({ status: 502, code: 'zone_unavailable', message: 'Bad gateway.' });
    await view.refresh('us-1');
    await flushPromises();
    expect(view.troubles.find((t) => t.zone.id === 'us-1')).toMatchObject({ kind: 'error', stale: true });
    expect(view.rows.map((r) => r.name)).toContain('api');
  });

  it('a removed zone leaves the list and is read no more', async () => {
    mountApp(pinia, Screen);
    await flushPromises();
    listed = listed.filter((z) => z.id !== 'us-1');
    await useZonesStore().load();
    await flushPromises();
    expect(view.rows.map((r) => r.zone.id)).toEqual(['eu-1']);
    polled.length = 0;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(polled).toContain('eu-1');
    expect(polled).not.toContain('us-1');
  });

  it('is loading until every signed-in zone answered, not waiting for signed-out ones', async () => {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const answer = scripted.command;
    scripted.command = async (command, input) => {
      if (command === 'list.poll' && (input as { zone: string }).zone === 'us-1') await slow;
      return answer(command, input);
    };
    mountApp(pinia, Screen);
    await flushPromises();
    expect(view.loading).toBe(true);
    expect(view.rows.map((r) => r.zone.id)).toEqual(['eu-1']);
    release();
    await flushPromises();
    expect(view.loading).toBe(false);
  });
});
