/**
 * Messages between a host (Electron IPC or the browser host's WebSocket) and the renderer.
 * Replies are {result} or {error}; streams are tagged with the id their open command returned.
 */
import type { AgentErrorData } from './errors';
import type { AgentEventName } from './events';

export type { AgentEventName } from './events';

export type Reply<T = unknown> = { ok: true; result: T } | { ok: false; error: AgentErrorData };

/** Renderer -> host. */
export type ClientMessage =
  | { t: 'invoke'; id: number; command: string; input: unknown }
  /** Stop the invoke with this id: its handler's AbortSignal fires; the page has stopped waiting. */
  | { t: 'cancel'; id: number }
  | { t: 'stream'; sid: string; kind: 'data'; data: string }
  | { t: 'stream'; sid: string; kind: 'resize'; cols: number; rows: number }
  | { t: 'stream'; sid: string; kind: 'ack'; bytes: number }
  | { t: 'stream'; sid: string; kind: 'close' };

export type StreamClientMessage = Extract<ClientMessage, { t: 'stream' }>;

/** Host -> renderer. */
export type ServerMessage =
  | ({ t: 'reply'; id: number } & Reply)
  /** Console output as the zone sent it (UTF-8); binary frames on the browser host's socket (stream-frames.ts). */
  | { t: 'stream'; sid: string; kind: 'data'; data: Uint8Array }
  | { t: 'stream'; sid: string; kind: 'event'; event: StreamEvent }
  | { t: 'stream'; sid: string; kind: 'end'; error?: AgentErrorData }
  | { t: 'event'; name: AgentEventName; payload: unknown }
  /** A frame the host could not take (client-frames.ts) and could not pin on a call's id. */
  | { t: 'refused'; error: AgentErrorData };

/** A structured event on a stream: SSE messages, connection state of a console. */
export interface StreamEvent {
  type: string;
  id?: string;
  data: unknown;
}

/** What the renderer's agent.ts needs from a host; both hosts provide it. */
export interface Bridge {
  /** `callId` (the page's own name for the call) lets `cancel` stop it. */
  invoke(command: string, input: unknown, callId?: string): Promise<Reply>;
  /** Answers the call `cancelled` at once and has the agent abort it (its handler's AbortSignal). */
  cancel(callId: string): void;
  onEvent(listener: (name: AgentEventName, payload: unknown) => void): () => void;
  onStream(sid: string, listener: (msg: Extract<ServerMessage, { t: 'stream' }>) => void): () => void;
  sendStream(msg: StreamClientMessage): void;
  /** Desktop-only abilities; absent in browser mode. */
  readonly desktop?: { platform: string };
}

/**
 * Unacknowledged bytes a console stream may have in flight before the source pauses, and the
 * level at which it resumes. The renderer acknowledges after xterm has parsed, so this is also the
 * most a flood can hold in memory, and how much output a Ctrl-C may have to wait behind (4 MiB is
 * ~0.1 s of xterm's parsing on a slow machine). Resuming at 3 MiB keeps the terminal fed while the
 * zone gets going again: resuming at 512 KiB of 1 MiB left it idle, waiting for data, in a fifth
 * of the pauses of an 8 MB flood (console benchmark: ~80 % of xterm's own rate, now ~90 %).
 */
export const STREAM_HIGH_WATER = 4 * 1024 * 1024;
export const STREAM_LOW_WATER = 3 * 1024 * 1024;
