/**
 * The IPC adapter between our windows and the agent. Every message goes through one sender check
 * (trusted()): the frame must be the top frame of one of our windows, showing our own page.
 *
 * Stream output uses webContents.send on one channel per window rather than a MessagePort per
 * stream. Why: messages on one webContents arrive in order with the invoke replies; console
 * backpressure already works end to end through the renderer's 'ack' messages; and a port per
 * stream would add transfer races (data before the renderer holds the port) and port lifetimes
 * to manage, while MessagePortMain still reports no buffered amount. So bufferedAmount() is 0.
 */
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { Agent, Connection, StreamIn } from '../agent/agent-types';
import { type Logger, silentLogger } from '../agent/log';
import { checkClientMessage } from '../contract/client-frames';
import { AGENT_CODES } from '../contract/errors';
import type { Reply } from '../contract/protocol';

export const CHANNELS = {
  invoke: 'zonedeck:invoke',
  stream: 'zonedeck:stream',
  event: 'zonedeck:event',
  cancel: 'zonedeck:cancel',
} as const;

export interface IpcDeps {
  agent: Agent;
  isAppUrl(url: string): boolean;
  log?: Logger;
}

type AnyEvent = IpcMainEvent | IpcMainInvokeEvent;

export function registerIpc({ agent, isAppUrl, log = silentLogger }: IpcDeps): {
  attach(wc: WebContents): void;
  dispose(): void;
} {
  const conns = new Map<number, Connection>();
  /** Our windows' contents, by id: only these may talk to the agent and hear its events. */
  const attached = new Map<number, WebContents>();
  let seq = 0;
  /** Invokes still running, per window and wire id: a cancel from that window aborts one. */
  const running = new Map<number, Map<number, AbortController>>();

  const connectionFor = (wc: WebContents): Connection => {
    let c = conns.get(wc.id);
    if (!c) {
      c = {
        id: `ipc-${wc.id}-${++seq}`,
        sendStream: (msg) => {
          if (!wc.isDestroyed()) wc.send(CHANNELS.stream, msg);
        },
        bufferedAmount: () => 0,
      };
      conns.set(wc.id, c);
    }
    return c;
  };
  const drop = (wcId: number) => {
    // The page that asked is gone: nobody waits for these replies any more.
    for (const ctl of running.get(wcId)?.values() ?? []) ctl.abort();
    running.delete(wcId);
    const c = conns.get(wcId);
    conns.delete(wcId);
    if (c) agent.disconnect(c);
  };

  /** Why a message is refused, or null when it comes from our own page in one of our windows. */
  const senderProblem = (e: AnyEvent): string | null => {
    const frame = e.senderFrame;
    if (!frame) return 'the sending frame is gone';
    if (frame.parent) return 'a sub-frame may not talk to the agent';
    if (attached.get(e.sender.id) !== e.sender || e.sender.isDestroyed()) return 'not one of our windows';
    if (!isAppUrl(frame.url)) return `unexpected page ${frame.url}`;
    return null;
  };
  const trusted =
    <A extends unknown[], R>(onRefused: (why: string) => R, fn: (e: AnyEvent, ...args: A) => R) =>
    (e: AnyEvent, ...args: A): R => {
      const why = senderProblem(e);
      if (why) {
        console.warn(`[ipc] refused a message: ${why}`);
        log.warn('refused an IPC message', { why });
        return onRefused(why);
      }
      return fn(e, ...args);
    };

  const refusedReply = (why: string): Promise<Reply> =>
    Promise.resolve({ ok: false, error: { status: 0, code: AGENT_CODES.forbiddenSender, message: `Refused: ${why}` } });

  ipcMain.handle(
    CHANNELS.invoke,
    trusted(refusedReply, async (e, command: unknown, input: unknown, id: unknown): Promise<Reply> => {
      if (typeof command !== 'string') {
        return { ok: false, error: { status: 0, code: AGENT_CODES.validation, message: 'A command name is required' } };
      }
      const wcId = e.sender.id;
      const ctl = new AbortController();
      const mine = Number.isSafeInteger(id) ? (id as number) : null;
      if (mine !== null) {
        let m = running.get(wcId);
        if (!m) running.set(wcId, (m = new Map()));
        m.set(mine, ctl);
      }
      try {
        return await agent.invoke(command, input, connectionFor(e.sender), ctl.signal);
      } catch (err) {
        // agent.invoke never throws by contract; this keeps Electron's generic error away from the renderer anyway.
        log.error('agent.invoke threw', { command, err });
        const message = err instanceof Error ? err.message : String(err);
        return { ok: false, error: { status: 0, code: AGENT_CODES.internal, message } };
      } finally {
        const m = running.get(wcId);
        if (mine !== null && m?.get(mine) === ctl) m.delete(mine);
      }
    }),
  );

  ipcMain.on(
    CHANNELS.cancel,
    trusted(
      () => undefined,
      (e, id: unknown) => {
        if (Number.isSafeInteger(id))
          running
            .get(e.sender.id)
            ?.get(id as number)
            ?.abort();
      },
    ),
  );

  ipcMain.on(
    CHANNELS.stream,
    trusted(
      () => undefined,
      (e, msg: unknown) => {
        const m = streamIn(msg);
        if (m) agent.streamInput(m, connectionFor(e.sender));
      },
    ),
  );

  const offEvents = agent.onEvent((name, payload) => {
    for (const wc of attached.values()) if (!wc.isDestroyed()) wc.send(CHANNELS.event, { name, payload });
  });

  return {
    attach(wc) {
      const id = wc.id;
      attached.set(id, wc);
      // A reload or navigation starts a new page: the old page's streams have no reader any more.
      wc.on('did-start-navigation', (details) => {
        if (details.isMainFrame && !details.isSameDocument) drop(id);
      });
      wc.once('destroyed', () => {
        attached.delete(id);
        drop(id);
      });
    },
    dispose() {
      offEvents();
      ipcMain.removeHandler(CHANNELS.invoke);
      ipcMain.removeAllListeners(CHANNELS.stream);
      ipcMain.removeAllListeners(CHANNELS.cancel);
      for (const m of running.values()) for (const ctl of m.values()) ctl.abort();
      running.clear();
      for (const c of conns.values()) agent.disconnect(c);
      conns.clear();
      attached.clear();
    },
  };
}

/** A stream message as the sockets take it (contract/client-frames.ts): only its own fields go on. */
function streamIn(v: unknown): StreamIn | undefined {
  if (typeof v !== 'object' || v === null || (v as { t?: unknown }).t !== 'stream') return undefined;
  const read = checkClientMessage(v as Record<string, unknown>);
  return read.ok && read.msg.t === 'stream' ? read.msg : undefined;
}
