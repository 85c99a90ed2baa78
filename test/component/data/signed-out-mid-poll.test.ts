/**
 * The resource layer at its edges, through a real list screen's store (compute) in a mounted
 * component: a zone that signs out while its list is being read, signs in as someone else, or
 * sees its list invalidated while a read runs. Sessions reach the cache the way the app's do:
 * the zones store hears `zones.list` and tells the zone gate.
 */
import { enableAutoUnmount, flushPromises } from '@vue/test-utils';
import type { Pinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import type { ListPollResult, SessionView } from '@contract/commands';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { signedIn, signedOut, zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { computeListKey, putInstance, useComputeList } = await import('../../../src-renderer/features/compute/compute');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { resources } = await import('../../../src-renderer/data');
// Mounted as the app is (mountApp): the app's plugin gates reads by session, as in main.ts.
const { freshPinia, mountApp } = await import('../support/mount-app');

const Z = 'eu-1';

/** What `list.poll` answers next; a read waits until the test lets it through. */
interface Poll {
  input: { zone: string; since?: string };
  reply(r: ListPollResult): Promise<void>;
}
let polls: Poll[] = [];

function pollsOf(zoneId: string) {
  return polls.filter((p) => p.input.zone === zoneId);
}

const all = (version: string, ...items: Raw[]): ListPollResult => ({ version, items });
const same = (since: string, version: string, length: number): ListPollResult => ({
  version,
  since,
  length,
  changed: [],
});

/** A list screen in miniature: the store's resource, shown as the real screens read it. */
const Screen = defineComponent({
  props: { zone: { type: String, required: true } },
  setup(props) {
    const list = useComputeList('containers', () => props.zone);
    return () =>
      h('div', [
        h('p', { class: 'status' }, `${list.state.status}${list.state.stale ? ' stale' : ''}`),
        h(
          'ul',
          (list.state.data ?? []).map((r) => h('li', { key: r.key }, `${r.name}: ${r.state}`)),
        ),
      ]);
  },
});

// One fake clock for the whole file: the page's one poll scheduler keeps its timer across tests.
let pinia: Pinia;
enableAutoUnmount(afterEach);
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(() => {
  pinia = freshPinia();
  polls = [];
  scripted.calls.length = 0;
  scripted.commands.length = 0;
});
afterEach(() => {
  resources.dropZone(Z);
});

/** The zone's session as `zones.list` reports it. */
let sessionNow: SessionView = signedIn();

/** The zone answers `zones.list` with `sessionNow`, and each `list.poll` when the test replies. */
async function start(s: SessionView = signedIn()) {
  sessionNow = s;
  scripted.command = (command, input) => {
    if (command === 'zones.list') return [zone(Z, sessionNow)];
    if (command !== 'list.poll') throw new Error(`unexpected command ${command}`);
    return new Promise<ListPollResult>((resolve) => {
      polls.push({
        input: input as Poll['input'],
        reply: async (r) => {
          resolve(r);
          await flushPromises();
        },
      });
    });
  };
  await useZonesStore().load();
  const w = mountApp(pinia, Screen, { zone: Z });
  await flushPromises();
  return w;
}

/** The zone's session changes, and the zones store hears of it as after a `zones.list`. */
async function setSession(s: SessionView) {
  sessionNow = s;
  await useZonesStore().load();
  await flushPromises();
}

describe('a zone signed out mid-poll', () => {
  it('ignores the reply that lands after the sign-out, shows nothing of it, and reads nothing until signed in again', async () => {
    const w = await start();
    await pollsOf(Z)[0]!.reply(all('v1', { id: 'c1', name: 'web', state: 'running' }));
    expect(w.findAll('li').map((li) => li.text())).toEqual(['web: running']);

    // The next poll falls due and is in flight when the zone signs out.
    await vi.advanceTimersByTimeAsync(3000);
    expect(pollsOf(Z)).toHaveLength(2);
    expect(pollsOf(Z)[1]!.input.since).toBe('v1');
    await setSession(signedOut);
    expect(w.findAll('li')).toHaveLength(0);
    expect(w.find('.status').text()).toBe('idle');

    await pollsOf(Z)[1]!.reply(all('v2', { id: 'c1', name: 'web', state: 'stopped' }, { id: 'c2', name: 'db' }));
    expect(w.findAll('li')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(pollsOf(Z)).toHaveLength(2);

    // Signed in again: a full read (the copy held before is gone), shown once it lands.
    await setSession(signedIn());
    expect(pollsOf(Z)).toHaveLength(3);
    expect(pollsOf(Z)[2]!.input.since).toBeUndefined();
    expect(w.find('.status').text()).toBe('loading');
    await pollsOf(Z)[2]!.reply(all('v3', { id: 'c9', name: 'api', state: 'running' }));
    expect(w.findAll('li').map((li) => li.text())).toEqual(['api: running']);
    w.unmount();
  });

  it('a sign-in as someone else drops what the first identity read at once, and reads again as the new one', async () => {
    const w = await start(signedIn('a@example.com'));
    await pollsOf(Z)[0]!.reply(all('v1', { id: 'c1', name: 'secret-of-a' }));
    expect(w.text()).toContain('secret-of-a');
    await setSession(signedIn('b@example.com'));
    expect(w.text()).not.toContain('secret-of-a');
    expect(pollsOf(Z)).toHaveLength(2);
    expect(pollsOf(Z)[1]!.input.since).toBeUndefined();
    await pollsOf(Z)[1]!.reply(all('w1', { id: 'c2', name: 'of-b', state: 'running' }));
    expect(w.findAll('li').map((li) => li.text())).toEqual(['of-b: running']);
    w.unmount();
  });

  it('a session refreshing its token keeps the data and keeps polling', async () => {
    const w = await start();
    await pollsOf(Z)[0]!.reply(all('v1', { id: 'c1', name: 'web', state: 'running' }));
    await setSession({ state: 'refreshing', kind: 'user', email: 'dev@example.com' });
    await setSession(signedIn());
    expect(w.findAll('li')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(pollsOf(Z)).toHaveLength(2);
    w.unmount();
  });
});

describe('invalidation during a read', () => {
  it('supersedes the read in flight at once, reads once more for a later change, and shows the latest answer', async () => {
    const w = await start();
    // The first read is in flight when an action changes the list twice: the first change aborts
    // it and reads again at once; the second, arriving while that read runs, queues one more.
    resources.invalidate(computeListKey('containers', Z));
    resources.invalidate(computeListKey('containers', Z));
    await flushPromises();
    expect(pollsOf(Z)).toHaveLength(2);
    await pollsOf(Z)[0]!.reply(all('v0', { id: 'c1', name: 'web', state: 'starting' }));
    expect(w.findAll('li')).toHaveLength(0); // the superseded answer is dropped
    await pollsOf(Z)[1]!.reply(all('v1', { id: 'c1', name: 'web', state: 'running' }));
    expect(pollsOf(Z)).toHaveLength(3);
    expect(pollsOf(Z)[2]!.input.since).toBe('v1');
    await pollsOf(Z)[2]!.reply(all('v2', { id: 'c1', name: 'web', state: 'stopping' }));
    expect(w.findAll('li').map((li) => li.text())).toEqual(['web: stopping']);
    expect(w.find('.status').text()).toBe('ready');
    await flushPromises();
    expect(pollsOf(Z)).toHaveLength(3);
    w.unmount();
  });

  it('reads nothing after a sign-out, and shows no answer that lands after it', async () => {
    const w = await start();
    resources.invalidate(computeListKey('containers', Z));
    await flushPromises();
    expect(pollsOf(Z)).toHaveLength(2);
    await setSession(signedOut);
    await pollsOf(Z)[0]!.reply(all('v1', { id: 'c1', name: 'web' }));
    await pollsOf(Z)[1]!.reply(all('v1', { id: 'c1', name: 'web' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pollsOf(Z)).toHaveLength(2);
    expect(w.findAll('li')).toHaveLength(0);
    w.unmount();
  });

  it('an invalidated list that is not watched is marked stale and read when a screen shows it again', async () => {
    const w = await start();
    await pollsOf(Z)[0]!.reply(all('v1', { id: 'c1', name: 'web' }));
    w.unmount();
    resources.invalidate(computeListKey('containers', Z));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(pollsOf(Z)).toHaveLength(1);
    const again = mountApp(pinia, Screen, { zone: Z });
    await flushPromises();
    // Kept rows show at once, marked stale, while the read runs.
    expect(again.find('.status').text()).toBe('ready stale');
    expect(again.findAll('li')).toHaveLength(1);
    expect(pollsOf(Z)).toHaveLength(2);
    await pollsOf(Z)[1]!.reply(same('v1', 'v2', 1));
    expect(again.find('.status').text()).toBe('ready');
    again.unmount();
  });
});

describe('rows changed here before the next read', () => {
  it('a record an action returned shows at once; a later unchanged poll puts the zone’s rows back', async () => {
    const w = await start();
    await pollsOf(Z)[0]!.reply(all('v1', { id: 'c1', name: 'web', state: 'running' }));
    putInstance('containers', Z, { id: 'c1', name: 'web', state: 'stopping' });
    await flushPromises();
    expect(w.findAll('li').map((li) => li.text())).toEqual(['web: stopping']);
    putInstance('containers', Z, { id: 'c2', name: 'new', state: 'creating' });
    await flushPromises();
    expect(w.findAll('li')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3000);
    await pollsOf(Z)[1]!.reply(same('v1', 'v2', 1));
    expect(w.findAll('li').map((li) => li.text())).toEqual(['web: running']);
    w.unmount();
  });

  it('a change to a copy this page no longer holds is read again in full', async () => {
    const w = await start();
    await pollsOf(Z)[0]!.reply(all('v1', { id: 'c1', name: 'web' }));
    await vi.advanceTimersByTimeAsync(3000);
    await pollsOf(Z)[1]!.reply({ version: 'v9', since: 'v8', length: 1, changed: [[0, { id: 'c1', name: 'x' }]] });
    expect(pollsOf(Z)).toHaveLength(3);
    expect(pollsOf(Z)[2]!.input.since).toBeUndefined();
    await pollsOf(Z)[2]!.reply(all('v9', { id: 'c1', name: 'web2', state: 'running' }));
    expect(w.findAll('li').map((li) => li.text())).toEqual(['web2: running']);
    w.unmount();
  });
});
