/**
 * The only module that touches the bridge. Electron's preload provides `window.zonedeck`; in
 * browser mode the page talks to the host over one WebSocket. Either way the rest of the
 * renderer sees one typed API and real AgentErrors, never a token or a URL.
 */
import type { AgentEventName, Bridge, ServerMessage, StreamClientMessage, StreamEvent } from '@contract/protocol';
import type { ApiResult, CommandInput, CommandName, CommandOutput, StreamOpenInput } from '@contract/commands';
import type { AgentEvents } from '@contract/events';
import type { DesktopCommands } from '@contract/desktop';
import type { CallArgs, CallOptions, OperationId, Reply } from '@contract/operations';
import { AgentError, AGENT_CODES } from '@contract/errors';
import { WebBridge, agentSocketUrl, takeTokenFromLocation, type ConnectionState } from './bridge/web-bridge';
import { sessionProblem, tradeTokenForCookie } from './bridge/web-session';

export interface StreamHandlers {
  /** Output bytes (UTF-8, possibly split inside a character: xterm copes). */
  onData?: (data: Uint8Array) => void;
  onEvent?: (event: StreamEvent) => void;
  /** The stream ended; `error` when it did not end cleanly. */
  onEnd?: (error?: AgentError) => void;
}

export interface StreamHandle {
  readonly sid: string;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  ack(bytes: number): void;
  close(): void;
}

/**
 * Awaited before every command is sent; throwing refuses it (the protected-zone guard asks for
 * the zone's name here, so no screen can send a change around it).
 */
export type SendGuard = (command: CommandName, input: unknown) => Promise<void>;

export interface InvokeOptions {
  /**
   * Aborting it answers the call `cancelled` at once and has the agent stop it (its handler's
   * AbortSignal: a zone request or a download is aborted, a partial file removed).
   */
  signal?: AbortSignal;
}

export interface AgentApi {
  invoke<C extends CommandName>(command: C, input: CommandInput<C>, opts?: InvokeOptions): Promise<CommandOutput<C>>;
  /**
   * 'api.call' returning the reply's data; throws AgentError for any failure. The id must be in
   * the route table, `params` must name exactly the path's parameters, and the reply is the spec's
   * record where it fixes one, else `unknown` (read it with the tolerant readers).
   */
  call<Op extends OperationId>(zone: string, operationId: Op, ...opts: CallArgs<Op>): Promise<Reply<Op>>;
  /**
   * As `call`, with the whole result: the status (a 204 has no data: read back what was stored)
   * and, for a call with `words`, the names the worded fields were finally sent under.
   */
  send<Op extends OperationId>(zone: string, operationId: Op, ...opts: CallArgs<Op>): Promise<ApiResult<Reply<Op>>>;
  onEvent<N extends AgentEventName>(name: N, fn: (payload: AgentEvents[N]) => void): () => void;
  openStream(input: StreamOpenInput, handlers: StreamHandlers): Promise<StreamHandle>;
  /** Browser mode's socket state; Electron's IPC is always 'open'. */
  onConnection(fn: (s: ConnectionState) => void): () => void;
  /** Why browser mode's host refuses this page (a tab of an earlier launch), or null. */
  connectionProblem(): string | null;
  readonly desktop: { platform: string } | undefined;
  /** The Electron host's own commands (contract/desktop.ts); in browser mode they answer unknown_command. */
  invokeDesktop<C extends keyof DesktopCommands>(
    command: C,
    input: DesktopCommands[C]['input'],
  ): Promise<DesktopCommands[C]['output']>;
  /** Installs the one send guard (null removes it). */
  setGuard(guard: SendGuard | null): void;
}

export function createAgent(bridge: Bridge): AgentApi {
  let guard: SendGuard | null = null;
  let calls = 0;

  async function invoke<C extends CommandName>(
    command: C,
    input: CommandInput<C>,
    opts: InvokeOptions = {},
  ): Promise<CommandOutput<C>> {
    const { signal } = opts;
    if (guard) await guard(command, input);
    if (signal?.aborted) throw cancelledError();
    let reply;
    const callId = signal ? `c${++calls}` : undefined;
    const onAbort = () => bridge.cancel(callId!);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      reply = await bridge.invoke(command, input, callId);
    } catch (e) {
      // A bridge should never throw, but a broken preload would; keep the one error shape.
      throw new AgentError({
        status: 0,
        code: AGENT_CODES.internal,
        message: e instanceof Error ? e.message : String(e),
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (!reply.ok) throw AgentError.from(reply.error);
    return reply.result as CommandOutput<C>;
  }

  /** api.call with the options of a call; the signal stays here, the rest is sent. */
  function apiCall(zone: string, operationId: OperationId, opts: CallOptions<OperationId> | undefined) {
    const { signal, ...rest } = opts ?? {};
    return invoke('api.call', { zone, operationId, ...rest }, signal ? { signal } : {});
  }

  return {
    invoke,
    async call<Op extends OperationId>(zone: string, operationId: Op, ...[opts]: CallArgs<Op>): Promise<Reply<Op>> {
      const res = await apiCall(zone, operationId, opts as CallOptions<OperationId> | undefined);
      // The agent passes the zone's data through; its type is the spec's word on this operation.
      return res.data as Reply<Op>;
    },
    async send<Op extends OperationId>(zone: string, operationId: Op, ...[opts]: CallArgs<Op>) {
      return (await apiCall(zone, operationId, opts as CallOptions<OperationId> | undefined)) as ApiResult<Reply<Op>>;
    },
    onEvent(name, fn) {
      return bridge.onEvent((n, payload) => {
        if (n === name) fn(payload as AgentEvents[typeof name]);
      });
    },
    async openStream(input, handlers) {
      const { sid } = await invoke('stream.open', input);
      let off: (() => void) | null = null;
      const finish = (error?: AgentError) => {
        off?.();
        off = null;
        handlers.onEnd?.(error);
      };
      off = bridge.onStream(sid, (msg: Extract<ServerMessage, { t: 'stream' }>) => {
        if (msg.kind === 'data') handlers.onData?.(msg.data);
        else if (msg.kind === 'event') handlers.onEvent?.(msg.event);
        else if (msg.kind === 'end') finish(msg.error ? AgentError.from(msg.error) : undefined);
      });
      const send = (m: StreamClientMessage) => bridge.sendStream(m);
      return {
        sid,
        write: (data) => send({ t: 'stream', sid, kind: 'data', data }),
        resize: (cols, rows) => send({ t: 'stream', sid, kind: 'resize', cols, rows }),
        ack: (bytes) => send({ t: 'stream', sid, kind: 'ack', bytes }),
        close: () => {
          if (!off) return;
          send({ t: 'stream', sid, kind: 'close' });
          finish();
        },
      };
    },
    onConnection(fn) {
      if (bridge instanceof WebBridge) return bridge.onState(fn);
      fn('open');
      return () => {};
    },
    connectionProblem() {
      return bridge instanceof WebBridge ? bridge.problem : null;
    },
    get desktop() {
      return bridge.desktop;
    },
    async invokeDesktop(command, input) {
      // No send guard: these change the host, never a zone.
      const reply = await bridge.invoke(String(command), input);
      if (!reply.ok) throw AgentError.from(reply.error);
      return reply.result as never;
    },
    setGuard(g) {
      guard = g;
    },
  };
}

function cancelledError(): AgentError {
  return new AgentError({ status: 0, code: AGENT_CODES.cancelled, message: 'Cancelled.' });
}

declare global {
  interface Window {
    zonedeck?: Bridge;
  }
}

function pickBridge(): Bridge {
  if (window.zonedeck) return window.zonedeck;
  // The token is traded for an HttpOnly cookie, so a reload or a second tab connects without it.
  const token = takeTokenFromLocation(window.location, window.history);
  if (token) void tradeTokenForCookie(token);
  return new WebBridge({ url: agentSocketUrl(window.location, token), probe: sessionProblem });
}

let instance: AgentApi | null = null;

/** Opens the agent's connection now rather than on first use (main.ts, before the app is made). */
export function connectAgent(): void {
  instance ??= createAgent(pickBridge());
}

/** The renderer's agent, made on first use so importing this module has no side effects. */
export const agent: AgentApi = new Proxy({} as AgentApi, {
  get(_t, prop: keyof AgentApi) {
    instance ??= createAgent(pickBridge());
    return instance[prop];
  },
});

export { AgentError };
export type { ConnectionState, OperationId, Reply };
