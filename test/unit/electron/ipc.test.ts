/** The IPC adapter's sender check: only the top frame of one of our windows, on our page, reaches the agent. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Agent, Connection, StreamIn } from '../../../src-main/agent/agent-types';
import { AGENT_CODES } from '../../../src-main/contract/errors';
import type { AgentEventName, Reply } from '../../../src-main/contract/protocol';
import { isAppUrl, rendererUrl } from '../../../src-main/electron/app-url';
import { CHANNELS, registerIpc } from '../../../src-main/electron/ipc';
import { FakeWebContents, ipcMain } from './fake-electron';

vi.mock('electron', () => import('./fake-electron'));

const APP = rendererUrl();
type Wc = Parameters<ReturnType<typeof registerIpc>['attach']>[0];

function fakeAgent() {
  let listener: ((name: AgentEventName, payload: unknown) => void) | undefined;
  const agent = {
    invoke: vi.fn(async (_c: string, _i: unknown, _conn: Connection, _signal?: AbortSignal): Promise<Reply> => ({
      ok: true,
      result: 'pong',
    })),
    streamInput: vi.fn((_m: StreamIn, _conn: Connection) => undefined),
    disconnect: vi.fn((_conn: Connection) => undefined),
    onEvent: vi.fn((l: (name: AgentEventName, payload: unknown) => void) => {
      listener = l;
      return () => {
        listener = undefined;
      };
    }),
    dispose: vi.fn(async () => undefined),
  };
  return { agent, emit: (name: AgentEventName, payload: unknown) => listener?.(name, payload) };
}

/** An IPC event as Electron builds it: the sending webContents and the frame inside it. */
function eventFrom(sender: FakeWebContents, frame: { url: string; parent?: object | null } | null = { url: APP }) {
  return { sender, senderFrame: frame ? { parent: null, ...frame } : null };
}

let fake: ReturnType<typeof fakeAgent>;
let ipc: ReturnType<typeof registerIpc>;
let win: FakeWebContents;

const invoke = (e: ReturnType<typeof eventFrom>, command: unknown = 'app.ping', input: unknown = {}, id?: number) =>
  ipcMain.handlers.get(CHANNELS.invoke)!(...([e, command, input, id] as never[])) as Promise<Reply>;
const stream = (e: ReturnType<typeof eventFrom>, msg: unknown) => ipcMain.emit(CHANNELS.stream, e, msg);
const refusal = (reply: Reply) => (reply.ok ? undefined : reply.error.code);

beforeEach(() => {
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  fake = fakeAgent();
  ipc = registerIpc({ agent: fake.agent as unknown as Agent, isAppUrl });
  win = new FakeWebContents();
  ipc.attach(win as unknown as Wc);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  ipc.dispose();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('registerIpc: invoke', () => {
  it("aborts a call's signal on its window's cancel only, and all of a window's calls when its page goes", async () => {
    const signals: AbortSignal[] = [];
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    fake.agent.invoke.mockImplementation(async (_c, _i, _conn, signal) => {
      signals.push(signal!);
      await gate;
      return { ok: true, result: null };
    });
    const replies = [invoke(eventFrom(win), 'a', {}, 1), invoke(eventFrom(win), 'b', {}, 2)];
    const other = new FakeWebContents();
    ipc.attach(other as unknown as Wc);
    // Another window cannot cancel this one's call by guessing its id; a foreign frame is refused.
    ipcMain.emit(CHANNELS.cancel, eventFrom(other), 1);
    ipcMain.emit(CHANNELS.cancel, eventFrom(win, { url: 'https://evil.example/' }), 1);
    expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    ipcMain.emit(CHANNELS.cancel, eventFrom(win), 1);
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    win.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false });
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
    open();
    await Promise.all(replies);
  });

  it("passes our page's commands to the agent with one connection per window", async () => {
    expect(await invoke(eventFrom(win), 'app.ping', { a: 1 })).toEqual({ ok: true, result: 'pong' });
    await invoke(eventFrom(win, { url: `${APP}#/zones` }));
    const [c1, c2] = fake.agent.invoke.mock.calls.map((c) => c[2]);
    expect(fake.agent.invoke.mock.calls[0]!.slice(0, 2)).toEqual(['app.ping', { a: 1 }]);
    expect(c1).toBe(c2);
  });

  it.each([
    ['a sub-frame', { url: APP, parent: {} }],
    ['a frame showing a foreign page', { url: 'https://evil.example/' }],
    ['a frame showing another local file', { url: 'file:///tmp/index.html' }],
    ['a frame on a loopback server', { url: 'http://127.0.0.1:5173/' }],
    ['a frame that is gone', null],
  ])('refuses %s with forbidden_sender', async (_what, frame) => {
    const reply = await invoke(eventFrom(win, frame));
    expect(refusal(reply)).toBe(AGENT_CODES.forbiddenSender);
    expect(fake.agent.invoke).not.toHaveBeenCalled();
  });

  it('refuses a webContents that is not one of our windows, or has been destroyed', async () => {
    const stranger = new FakeWebContents();
    expect(refusal(await invoke(eventFrom(stranger)))).toBe(AGENT_CODES.forbiddenSender);
    win.destroyed = true;
    expect(refusal(await invoke(eventFrom(win)))).toBe(AGENT_CODES.forbiddenSender);
    expect(fake.agent.invoke).not.toHaveBeenCalled();
  });

  it('answers a missing command name with a validation error, and an agent crash with internal_error', async () => {
    expect(refusal(await invoke(eventFrom(win), 42))).toBe(AGENT_CODES.validation);
    fake.agent.invoke.mockRejectedValueOnce(new Error('boom'));
    const reply = await invoke(eventFrom(win));
    expect(reply).toEqual({ ok: false, error: { status: 0, code: AGENT_CODES.internal, message: 'boom' } });
  });
});

describe('registerIpc: streams and events', () => {
  const data: StreamIn = { t: 'stream', sid: 's1', kind: 'data', data: 'ls\r' };

  it('passes well-formed stream input from our page only', () => {
    stream(eventFrom(win), data);
    stream(eventFrom(win, { url: APP, parent: {} }), data);
    stream(eventFrom(win, { url: 'https://evil.example/' }), data);
    stream(eventFrom(new FakeWebContents()), data);
    for (const bad of [
      null,
      'x',
      { t: 'stream', sid: 's1', kind: 'data', data: 1 },
      { t: 'stream', sid: 's1', kind: 'resize', cols: 1.5, rows: 2 },
      { t: 'stream', sid: 's1', kind: 'exec' },
    ]) {
      stream(eventFrom(win), bad);
    }
    expect(fake.agent.streamInput.mock.calls.map((c) => c[0])).toEqual([data]);
  });

  it('sends agent events to our windows only, and stream output to its own window', async () => {
    const other = new FakeWebContents();
    fake.emit('zones.changed', { n: 1 });
    expect(win.sent).toEqual([[CHANNELS.event, { name: 'zones.changed', payload: { n: 1 } }]]);
    expect(other.sent).toEqual([]);

    await invoke(eventFrom(win));
    const conn = fake.agent.invoke.mock.calls[0]![2];
    conn.sendStream({ t: 'stream', sid: 's1', kind: 'end' });
    expect(win.sent.at(-1)).toEqual([CHANNELS.stream, { t: 'stream', sid: 's1', kind: 'end' }]);
  });

  it("drops a window's connection when its page navigates or it is destroyed", async () => {
    await invoke(eventFrom(win));
    const conn = fake.agent.invoke.mock.calls[0]![2];
    win.emit('did-start-navigation', { isMainFrame: true, isSameDocument: true });
    win.emit('did-start-navigation', { isMainFrame: false, isSameDocument: false });
    expect(fake.agent.disconnect).not.toHaveBeenCalled();
    win.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false });
    expect(fake.agent.disconnect).toHaveBeenCalledWith(conn);

    await invoke(eventFrom(win));
    win.destroy();
    expect(fake.agent.disconnect).toHaveBeenCalledTimes(2);
    // A destroyed window is no longer ours: its id cannot be reused to talk to the agent.
    win.destroyed = false;
    expect(refusal(await invoke(eventFrom(win)))).toBe(AGENT_CODES.forbiddenSender);
  });

  it('dispose removes the handlers and stops events', () => {
    ipc.dispose();
    expect(ipcMain.handlers.has(CHANNELS.invoke)).toBe(false);
    expect(ipcMain.listenerCount(CHANNELS.stream)).toBe(0);
    expect(ipcMain.listenerCount(CHANNELS.cancel)).toBe(0);
    fake.emit('zones.changed', {});
    expect(win.sent).toEqual([]);
    // afterEach disposes again; a second registration must then be possible.
  });
});
