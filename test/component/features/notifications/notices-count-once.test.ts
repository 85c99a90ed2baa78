/**
 * Notices that count once (issue #36, item 7), through the real stores: a run's second gate raises
 * its own notice; the notice follower joins the live stream the run view already holds for the
 * same run instead of opening a second one; in browser mode, of two tabs only the one elected
 * through a BroadcastChannel raises a notification, and another takes over when it closes.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

interface OpenedStream {
  input: { operationId: string; params: { id: string } };
  handlers: { onEvent?: (e: { type: string; id?: string; data: unknown }) => void; onEnd?: () => void };
  closed: boolean;
}
const streams: OpenedStream[] = [];

vi.mock('../../../../src-renderer/agent', async () => {
  const m = await scriptedAgentModule();
  return {
    agent: {
      ...m.agent,
      desktop: undefined,
      invokeDesktop: vi.fn(),
      openStream: vi.fn(async (input: OpenedStream['input'], handlers: OpenedStream['handlers']) => {
        const s: OpenedStream = { input, handlers, closed: false };
        streams.push(s);
        return { sid: `s${streams.length}`, close: () => (s.closed = true) };
      }),
    },
  };
});
const { useRunHistory } = await import('../../../../src-renderer/features/workflows/production/workflow-runs');
const { useRunLive } = await import('../../../../src-renderer/features/workflows/production/run-live');
const { useNotifications } = await import('../../../../src-renderer/features/notifications');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { useSettingsStore } = await import('../../../../src-renderer/state/settings');
const { resources } = await import('../../../../src-renderer/data');
await import('../../../../src-renderer/features/workflows');
await import('../../../../src-renderer/features/workspaces');

const shown: { title: string; body: string }[] = [];
class FakeNotification {
  static permission = 'granted';
  onclick: (() => void) | null = null;
  body: string;
  constructor(
    readonly title: string,
    opts: { body?: string } = {},
  ) {
    this.body = opts.body ?? '';
    shown.push(this);
  }
  close() {}
}

let runs: Raw[] = [];
let record: Raw = {};
const answer = (c: ScriptedCall): unknown =>
  c.op === 'workflows.runs' ? runs : c.op === 'workflowRuns.get' ? record : undefined;

const History = defineComponent({
  setup() {
    useRunHistory(() => ({ zone: 'eu-1', id: 'wf1' }));
    return () => h('p');
  },
});
/** The run view's live part, open on r1 while `viewShown`. */
const viewShown = ref(false);
const RunView = defineComponent({
  setup() {
    useRunLive(
      () => ({ zone: 'eu-1', id: 'r1' }),
      () => undefined,
    );
    return () => h('p');
  },
});
/** One window (a tab in browser mode): its notifications, the runs tab, and maybe the run view. */
const Tab = defineComponent({
  setup() {
    useNotifications();
    return () => h('div', [h(History), viewShown.value ? h(RunView) : null]);
  },
});

enableAutoUnmount(afterEach);
// Timers and the clock are faked; setImmediate stays real, so BroadcastChannel messages flow.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.stubGlobal('Notification', FakeNotification);
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
beforeEach(async () => {
  setActivePinia(createPinia());
  shown.length = 0;
  streams.length = 0;
  scripted.calls.length = 0;
  scripted.answer = answer;
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  vi.spyOn(document, 'hasFocus').mockReturnValue(false);
  await useZonesStore().load();
  useSettingsStore().value.notifications = { 'eu-1': ['gate', 'run'] };
  runs = [{ id: 'r1', status: 'running' }];
  viewShown.value = false;
});
afterEach(() => resources.dropZone('eu-1'));

/** Lets BroadcastChannel messages and promises through. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setImmediate(r));
    await flushPromises();
  }
}
async function nextPoll(): Promise<void> {
  await vi.advanceTimersByTimeAsync(3_100);
  await settle();
}
const gateAt = (node: string, done: string[] = []) => ({
  id: 'r1',
  status: 'running',
  steps: [...done.map((n) => ({ node_id: n, status: 'succeeded' })), { node_id: node, status: 'waiting_approval' }],
});

describe('notices that count once', () => {
  it('a run’s second gate raises its own notice; the same gate read again does not', async () => {
    mount(Tab);
    await settle();
    runs = [gateAt('review')];
    await nextPoll();
    expect(shown.map((n) => n.title)).toEqual(['Waiting for approval in eu-1']);
    await nextPoll();
    runs = [gateAt('release', ['review'])];
    await nextPoll();
    await nextPoll();
    expect(shown.map((n) => n.title)).toEqual(['Waiting for approval in eu-1', 'Waiting for approval in eu-1']);
  });

  it('the follower joins the stream the run view holds for the run: one stream, and it outlives the view', async () => {
    viewShown.value = true;
    mount(Tab);
    await settle();
    await nextPoll();
    expect(streams.map((s) => s.input.params.id)).toEqual(['r1']);
    // An event on the one stream reaches the follower too: the record says the run is at its gate.
    record = gateAt('review');
    streams[0]!.handlers.onEvent!({ type: 'message', id: '1', data: null });
    await vi.advanceTimersByTimeAsync(300);
    await settle();
    expect(shown.map((n) => n.title)).toEqual(['Waiting for approval in eu-1']);
    // The view closes: the follower keeps the stream; nothing new is opened.
    viewShown.value = false;
    await settle();
    expect(streams).toHaveLength(1);
    expect(streams[0]!.closed).toBe(false);
  });

  it('in browser mode one tab raises a notice both tabs saw; another takes over when it closes', async () => {
    // Both tabs read the first page (each takes it as it is), as two tabs open on the runs do.
    const first = mount(Tab);
    mount(Tab);
    await settle();
    runs = [gateAt('review')];
    await nextPoll();
    expect(shown).toHaveLength(1);
    // The leader closes: the other tab raises the next one by itself.
    first.unmount();
    await settle();
    runs = [{ id: 'r2', status: 'failed' }, gateAt('review')];
    await nextPoll();
    expect(shown.map((n) => n.title)).toEqual(['Waiting for approval in eu-1', 'Run failed in eu-1']);
  });
});
