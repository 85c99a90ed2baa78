/**
 * The window's notifications through the real stores: the run history a screen polls anyway says
 * a run reached its gate, and one notification is raised (the browser's Notification, or the
 * host's desktop.notify with the run's deep link); nothing for a zone whose switch is off, for a
 * run on screen in a window in front, or twice for the same transition; no extra read for any of
 * it. Zone health from the agent's events: down and back.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import type { Raw } from '@contract/tolerant';
import { emitEvent, scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

/** Live streams the window opened: the run's id, and a way to play its events and end. */
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
      desktop: undefined as { platform: string } | undefined,
      invokeDesktop: vi.fn(),
      openStream: vi.fn(async (input: OpenedStream['input'], handlers: OpenedStream['handlers']) => {
        const s: OpenedStream = { input, handlers, closed: false };
        streams.push(s);
        return { sid: `s${streams.length}`, close: () => (s.closed = true) };
      }),
    },
  };
});
const { agent } = (await import('../../../../src-renderer/agent')) as unknown as {
  agent: { desktop: { platform: string } | undefined; invokeDesktop: ReturnType<typeof vi.fn> };
};
const { useRunHistory } = await import('../../../../src-renderer/features/workflows/production/workflow-runs');
const { useNotifications } = await import('../../../../src-renderer/features/notifications');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { useSettingsStore } = await import('../../../../src-renderer/state/settings');
const { resources } = await import('../../../../src-renderer/data');
const { showing, runScreenKey } = await import('../../../../src-renderer/data/sightings');
// Loaded by the window with the first sighting (for names); here before the clock is faked.
await import('../../../../src-renderer/features/workflows');
await import('../../../../src-renderer/features/workspaces');

const shown: { title: string; body: string; onclick: (() => void) | null }[] = [];
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
let deployments: Raw[] = [];
const answer = (c: ScriptedCall): unknown =>
  c.op === 'workflows.runs'
    ? runs
    : c.op === 'workflowRuns.get'
      ? record
      : c.op === 'workspaces.list'
        ? [{ id: 'ws1', name: 'shop' }]
        : c.op === 'workspaces.cicd.deployments'
          ? deployments
          : undefined;

/** The runs tab: shown until a test takes it away (the person went elsewhere). */
const historyShown = ref(true);
const History = defineComponent({
  setup() {
    useRunHistory(() => ({ zone: 'eu-1', id: 'wf1' }));
    return () => h('p');
  },
});
const Screen = defineComponent({
  setup() {
    useNotifications();
    return () => (historyShown.value ? h(History) : h('p'));
  },
});

enableAutoUnmount(afterEach);
beforeAll(() => {
  vi.useFakeTimers();
  vi.stubGlobal('Notification', FakeNotification);
});
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
let focused = false;
beforeEach(async () => {
  setActivePinia(createPinia());
  shown.length = 0;
  scripted.calls.length = 0;
  scripted.answer = answer;
  scripted.command = (command) =>
    command === 'zones.list' ? [zone('eu-1'), zone('us-1')] : command === 'zones.health' ? [] : [];
  agent.desktop = undefined;
  agent.invokeDesktop.mockReset();
  focused = false;
  vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
  await useZonesStore().load();
  useSettingsStore().value.notifications = { 'eu-1': ['gate', 'run', 'health'] };
  runs = [{ id: 'r1', status: 'running' }];
  streams.length = 0;
  historyShown.value = true;
  mount(Screen);
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

/** The next poll of the history (every 3 s) and whatever it raises. */
async function nextPoll(): Promise<void> {
  await vi.advanceTimersByTimeAsync(3_100);
  await flushPromises();
}
const reads = () => scripted.calls.length;

describe('notifications from what the window reads anyway', () => {
  it('a run at its gate raises one, once, and nothing is read for it', async () => {
    expect(shown).toEqual([]);
    runs = [{ id: 'r1', status: 'waiting_approval' }];
    const before = reads();
    await nextPoll();
    expect(reads() - before).toBe(1); // the poll itself, nothing more
    expect(shown.map((n) => [n.title, n.body])).toEqual([
      ['Waiting for approval in eu-1', 'Run r1 of wf1 is parked at an approval gate.'],
    ]);
    await nextPoll();
    await nextPoll();
    expect(shown).toHaveLength(1);
    // Its click opens the run through the deep-link route (the URL fragment in browser mode).
    shown[0]!.onclick!();
    expect(location.hash).toBe('#/zone/eu-1/workflows/wf1/runs/r1');
    runs = [{ id: 'r1', status: 'succeeded' }];
    await nextPoll();
    expect(shown.map((n) => n.title)).toEqual(['Waiting for approval in eu-1', 'Run finished in eu-1']);
  });

  it('a bare "waiting" of the run is not taken for a gate; a step parked at one is', async () => {
    runs = [{ id: 'r1', status: 'waiting' }];
    await nextPoll();
    expect(shown).toEqual([]);
    runs = [{ id: 'r1', status: 'waiting', steps: [{ node_id: 'review', status: 'waiting_approval' }] }];
    await nextPoll();
    expect(shown.map((n) => n.title)).toEqual(['Waiting for approval in eu-1']);
  });

  it('nothing where the switch for that kind and zone is off', async () => {
    useSettingsStore().value.notifications = { 'eu-1': ['run'], 'us-1': ['gate'] };
    runs = [{ id: 'r1', status: 'waiting_approval' }];
    await nextPoll();
    expect(shown).toEqual([]);
    runs = [{ id: 'r1', status: 'failed', error: 'boom' }];
    await nextPoll();
    expect(shown.map((n) => [n.title, n.body])).toEqual([['Run failed in eu-1', 'Run r1 of wf1 failed: boom']]);
  });

  it('nothing for the run on screen while the window is in front; something once it is not', async () => {
    const off = showing(runScreenKey('eu-1', 'r1'));
    focused = true;
    runs = [{ id: 'r1', status: 'waiting_approval' }];
    await nextPoll();
    expect(shown).toEqual([]);
    off();
    runs = [{ id: 'r2', status: 'failed' }, ...runs];
    focused = false;
    await nextPoll();
    expect(shown.map((n) => n.title)).toEqual(['Run failed in eu-1']);
  });

  it('in the desktop app, the host raises it with the run’s deep link', async () => {
    agent.desktop = { platform: 'linux' };
    agent.invokeDesktop.mockResolvedValue({ shown: true });
    runs = [{ id: 'r1', status: 'waiting_approval' }];
    await nextPoll();
    expect(shown).toEqual([]);
    expect(agent.invokeDesktop).toHaveBeenCalledWith('desktop.notify', {
      zone: 'eu-1',
      kind: 'gate',
      title: 'Waiting for approval in eu-1',
      body: 'Run r1 of wf1 is parked at an approval gate.',
      link: 'zonedeck://zone/eu-1/workflows/wf1/runs/r1',
    });
  });

  it('a run in flight is followed through its live stream, not polled, with its screen gone', async () => {
    expect(streams.map((s) => [s.input.operationId, s.input.params.id])).toEqual([['workflowRuns.stream', 'r1']]);
    historyShown.value = false; // the person went elsewhere: nothing polls the history now
    await flushPromises();
    const before = reads();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads()).toBe(before);
    // Any event, whatever its name, reads the record again (once for a burst); the record says: at its gate.
    record = { id: 'r1', status: 'running', steps: [{ node_id: 'review', status: 'waiting_approval' }] };
    for (let i = 0; i < 5; i++) streams[0]!.handlers.onEvent!({ type: 'message', id: String(i), data: null });
    await vi.advanceTimersByTimeAsync(300);
    await flushPromises();
    expect(reads()).toBe(before + 1);
    expect(shown.map((n) => n.title)).toEqual(['Waiting for approval in eu-1']);
    // Over: told, and the stream is let go.
    record = { id: 'r1', status: 'failed' };
    streams[0]!.handlers.onEvent!({ type: 'message', id: '9', data: null });
    await vi.advanceTimersByTimeAsync(300);
    await flushPromises();
    expect(shown.map((n) => n.title)).toEqual(['Waiting for approval in eu-1', 'Run failed in eu-1']);
    expect(streams[0]!.closed).toBe(true);
  });

  it('no run is followed in a zone whose run switches are off; one followed is let go when they go off', async () => {
    expect(streams).toHaveLength(1);
    useSettingsStore().value.notifications = { 'eu-1': ['health'] };
    runs = [{ id: 'r5', status: 'running' }, ...runs];
    await nextPoll();
    expect(streams).toHaveLength(1);
    expect(streams[0]!.closed).toBe(true);
  });

  it('a failed deployment is found once a minute while its switch is on, with no CI/CD tab open', async () => {
    const deployReads = () => scripted.calls.filter((c) => c.op === 'workspaces.cicd.deployments').length;
    expect(deployReads()).toBe(0); // no zone has the switch on: nothing is read for deployments
    deployments = [{ id: 'd1', status: 'running', commit: 'abcdef123' }];
    useSettingsStore().value.notifications = { 'eu-1': ['deploy'] };
    await flushPromises();
    await vi.advanceTimersByTimeAsync(10);
    expect(deployReads()).toBe(1);
    deployments = [{ id: 'd1', status: 'failed', commit: 'abcdef123' }];
    await vi.advanceTimersByTimeAsync(59_000);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_100);
    await flushPromises();
    expect(deployReads()).toBe(2);
    expect(shown.map((n) => [n.title, n.body])).toEqual([
      ['Deployment failed in eu-1', 'shop: the deployment of abcdef1 failed.'],
    ]);
    // Switched off: the next minute reads nothing.
    useSettingsStore().value.notifications = { 'eu-1': [] };
    await vi.advanceTimersByTimeAsync(61_000);
    expect(deployReads()).toBe(2);
  });

  it('a zone that stops answering and comes back, from the agent’s health events', async () => {
    const health = (z: string, state: string) => ({ zone: z, state, latencyMs: null });
    emitEvent('zones.health', [health('eu-1', 'reachable'), health('us-1', 'reachable')]);
    emitEvent('zones.health', [health('eu-1', 'unreachable'), health('us-1', 'unreachable')]);
    emitEvent('zones.health', [health('eu-1', 'reachable')]);
    await flushPromises();
    // us-1 has no switch on.
    expect(shown.map((n) => n.title)).toEqual(['eu-1 is not answering', 'eu-1 is back']);
  });
});
