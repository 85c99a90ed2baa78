/**
 * The one router between a transport and the page, used by both Bridges (Electron's preload over
 * IPC, browser mode's web-bridge.ts over the host's WebSocket), so they cannot drift apart again:
 * invokes get wire ids and wait for their reply; a call the page cancels is answered `cancelled` at
 * once and the agent is told to stop it; events go to every listener; stream messages go to their
 * stream's listeners, and those that arrive before anyone listens (output can overtake the page's
 * handling of the open reply) are held, capped, and handed over after `onStream` has returned.
 * Pure: no Electron, no DOM, no Node; the transports only move messages.
 */
import { AGENT_CODES, type AgentErrorData } from './errors';
import type { AgentEventName, Reply, ServerMessage, StreamClientMessage } from './protocol';

type StreamMsg = Extract<ServerMessage, { t: 'stream' }>;
type StreamListener = (msg: StreamMsg) => void;
type EventListener = (name: AgentEventName, payload: unknown) => void;

/** What a transport does with what the router sends. */
export interface RouterTransport {
  /** Sends an invoke under its wire id; its reply comes back through `router.reply(id, …)`. */
  invoke(id: number, command: string, input: unknown): void;
  /** Tells the agent to stop the invoke with this wire id (its reply, if any, is ignored). */
  cancel(id: number): void;
  sendStream(msg: StreamClientMessage): void;
}

/** Streams with output held for a listener not there yet, and messages held per stream. */
export const EARLY_STREAMS = 32;
export const EARLY_MSGS = 512;

export const cancelledReply = (): Reply => ({
  ok: false,
  error: { status: 0, code: AGENT_CODES.cancelled, message: 'Cancelled.' },
});

export class BridgeRouter {
  private nextId = 1;
  private readonly pending = new Map<number, (r: Reply) => void>();
  /** The page's name for a cancellable call -> its wire id. */
  private readonly byCallId = new Map<string, number>();
  private readonly eventListeners = new Set<EventListener>();
  private readonly streamListeners = new Map<string, Set<StreamListener>>();
  private readonly early = new Map<string, StreamMsg[]>();

  constructor(private readonly transport: RouterTransport) {}

  /** Sends a command; `callId` (the page's choice) lets `cancel` stop it. Never rejects. */
  invoke(command: string, input: unknown, callId?: string): Promise<Reply> {
    const id = this.nextId++;
    return new Promise<Reply>((resolve) => {
      this.pending.set(id, resolve);
      if (callId !== undefined) this.byCallId.set(callId, id);
      this.transport.invoke(id, command, input);
    }).finally(() => {
      if (callId !== undefined && this.byCallId.get(callId) === id) this.byCallId.delete(callId);
    });
  }

  /** The page gave up on a call: it is answered `cancelled` now, and the agent is told to stop. */
  cancel(callId: string): void {
    const id = this.byCallId.get(callId);
    if (id === undefined) return;
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    this.transport.cancel(id);
    resolve(cancelledReply());
  }

  /** A reply from the agent; one for a call already answered (cancelled, failed) is dropped. */
  reply(id: number, reply: Reply): void {
    const resolve = this.pending.get(id);
    if (!resolve) return;
    this.pending.delete(id);
    resolve(reply);
  }

  event(name: AgentEventName, payload: unknown): void {
    for (const l of [...this.eventListeners]) l(name, payload);
  }

  stream(msg: StreamMsg): void {
    const set = this.streamListeners.get(msg.sid);
    if (set?.size) {
      for (const l of [...set]) l(msg);
      return;
    }
    let queue = this.early.get(msg.sid);
    if (!queue) {
      // Output for streams nobody ever subscribes to must not pile up: the oldest goes first.
      if (this.early.size >= EARLY_STREAMS) this.early.delete(this.early.keys().next().value as string);
      queue = [];
      this.early.set(msg.sid, queue);
    }
    if (queue.length < EARLY_MSGS) queue.push(msg);
  }

  onEvent(listener: EventListener): () => void {
    this.eventListeners.add(listener);
    return () => {
      this.eventListeners.delete(listener);
    };
  }

  onStream(sid: string, listener: StreamListener): () => void {
    let set = this.streamListeners.get(sid);
    if (!set) this.streamListeners.set(sid, (set = new Set()));
    set.add(listener);
    const held = this.early.get(sid);
    this.early.delete(sid);
    // Delivered after returning, so the caller holds its unsubscribe handle before an `end` arrives.
    if (held) queueMicrotask(() => held.forEach((m) => listener(m)));
    return () => {
      set.delete(listener);
      if (set.size === 0) this.streamListeners.delete(sid);
    };
  }

  sendStream(msg: StreamClientMessage): void {
    this.transport.sendStream(msg);
  }

  /** Every call waiting fails with `error`, open streams end with it, held output is dropped. */
  failAll(error: AgentErrorData): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.byCallId.clear();
    for (const resolve of waiting) resolve({ ok: false, error });
    for (const [sid, set] of [...this.streamListeners]) {
      for (const l of [...set]) l({ t: 'stream', sid, kind: 'end', error });
    }
    this.early.clear();
  }
}
