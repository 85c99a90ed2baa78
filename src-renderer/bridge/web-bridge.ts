/**
 * The Bridge of browser mode: one WebSocket to the browser host carrying ClientMessage out and
 * ServerMessage in. What each message means (replies by id, cancels, events, stream output held
 * until the page listens) is the contract's BridgeRouter, shared with Electron's preload; this
 * class keeps the socket: a dropped one fails what is in flight with 'network_error' (the reply
 * would never come) and reconnects with capped backoff.
 */
import type {
  AgentEventName,
  Bridge,
  ClientMessage,
  Reply,
  ServerMessage,
  StreamClientMessage,
} from '@contract/protocol';
import { AGENT_CODES, type AgentErrorData } from '@contract/errors';
import { BridgeRouter } from '@contract/bridge-router';
import { serverMessageFromWire } from '@contract/stream-frames';
import { WorkerSocket, canUseWorkerSocket } from './worker-socket';

/** The part of the WebSocket API used here, so Node tests can pass `ws`. */
export interface SocketLike {
  readonly readyState: number;
  /** Set to 'arraybuffer' where it exists: console output arrives as binary frames. */
  binaryType?: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type SocketCtor = new (url: string) => SocketLike;

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface WebBridgeOptions {
  url: string;
  WebSocketImpl?: SocketCtor;
  /** First retry delay and the cap; doubled per failed attempt. */
  backoffMs?: { initial: number; max: number };
  /**
   * Asked when a connection closes before it opened: a message means the host refuses this page
   * for good (every call then fails with it, and no retry is made); null means try again.
   */
  probe?: () => Promise<string | null>;
}

type StreamListener = (msg: Extract<ServerMessage, { t: 'stream' }>) => void;

const OPEN = 1;

export class WebBridge implements Bridge {
  private socket: SocketLike | null = null;
  /** Invokes waiting for the socket to open. */
  private outbox: Extract<ClientMessage, { t: 'invoke' }>[] = [];
  private readonly router = new BridgeRouter({
    invoke: (id, command, input) => this.send({ t: 'invoke', id, command, input }),
    cancel: (id) => {
      // Not sent yet: then it never is. Sent: the host aborts it.
      const before = this.outbox.length;
      this.outbox = this.outbox.filter((m) => m.id !== id);
      if (this.outbox.length === before) this.send({ t: 'cancel', id });
    },
    sendStream: (msg) => this.send(msg),
  });
  private readonly stateListeners = new Set<(s: ConnectionState) => void>();
  private state: ConnectionState = 'connecting';
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;
  private refusal: string | null = null;
  private readonly Impl: SocketCtor;
  private readonly backoff: { initial: number; max: number };

  constructor(private readonly opts: WebBridgeOptions) {
    // In a browser the socket runs in a worker (see socket-worker.ts): a console flood then costs the page far less.
    const Impl =
      opts.WebSocketImpl ??
      (canUseWorkerSocket() ? WorkerSocket : (globalThis.WebSocket as unknown as SocketCtor | undefined));
    if (!Impl) throw new Error('No WebSocket implementation available');
    this.Impl = Impl;
    this.backoff = opts.backoffMs ?? { initial: 500, max: 10_000 };
    this.connect();
  }

  invoke(command: string, input: unknown, callId?: string): Promise<Reply> {
    if (this.disposed) return Promise.resolve(networkFailure(this.refusal ?? 'The connection to the agent is closed.'));
    return this.router.invoke(command, input, callId);
  }

  cancel(callId: string): void {
    this.router.cancel(callId);
  }

  onEvent(listener: (name: AgentEventName, payload: unknown) => void): () => void {
    return this.router.onEvent(listener);
  }

  onStream(sid: string, listener: StreamListener): () => void {
    return this.router.onStream(sid, listener);
  }

  sendStream(msg: StreamClientMessage): void {
    this.send(msg);
  }

  /** Why the host will not take this page, once it has said so (the state is then 'closed'). */
  get problem(): string | null {
    return this.refusal;
  }

  /** Connection state for the status bar; called at once with the current state. */
  onState(listener: (s: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    listener(this.state);
    return () => this.stateListeners.delete(listener);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.close(1000, 'bye');
    this.dropAll('The connection to the agent was closed.');
    this.setState('closed');
  }

  private send(msg: ClientMessage): void {
    if (this.socket && this.socket.readyState === OPEN) {
      this.socket.send(JSON.stringify(msg));
    } else if (msg.t === 'invoke') {
      this.outbox.push(msg);
    }
    // Stream input and cancels while disconnected are dropped: the host ended those with the socket.
  }

  private connect(): void {
    const ws = new this.Impl(this.opts.url);
    if ('binaryType' in ws) ws.binaryType = 'arraybuffer';
    this.socket = ws;
    let opened = false;
    ws.onopen = () => {
      // For the benchmarks' account of a start (test/bench/signature.ts), as are zd:zones and zd:first-screen.
      performance.mark('zd:socket-open');
      opened = true;
      this.attempt = 0;
      this.setState('open');
      const queued = this.outbox;
      this.outbox = [];
      for (const q of queued) ws.send(JSON.stringify(q));
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = () => {
      /* onclose follows and does the work */
    };
    ws.onclose = () => {
      if (this.socket !== ws) return;
      this.socket = null;
      if (!opened && this.opts.probe) {
        void this.opts.probe().then((refusal) => {
          if (refusal) this.refuse(refusal);
          else if (!this.disposed) this.scheduleReconnect();
        });
        return;
      }
      this.dropAll('Lost the connection to the agent; reconnecting.');
      if (!this.disposed) this.scheduleReconnect();
    };
  }

  /** The host will not take this page: everything fails with `message`, nothing is retried. */
  private refuse(message: string): void {
    this.disposed = true;
    this.refusal = message;
    this.dropAll(message);
    this.setState('closed');
  }

  private scheduleReconnect(): void {
    this.setState('reconnecting');
    const delay = Math.min(this.backoff.max, this.backoff.initial * 2 ** this.attempt);
    this.attempt++;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.disposed) this.connect();
    }, delay);
  }

  /** Everything in flight or queued fails now; open streams end (the host closed them too). */
  private dropAll(message: string): void {
    this.outbox = [];
    this.router.failAll(networkError(message));
  }

  /** A JSON text frame, a message the worker socket has parsed already, or a binary frame of console output. */
  private receive(data: unknown): void {
    const msg = serverMessageFromWire(data);
    if (!msg) return; // Not ours to interpret.
    if (msg.t === 'reply') {
      this.router.reply(msg.id, msg.ok ? { ok: true, result: msg.result } : { ok: false, error: msg.error });
    } else if (msg.t === 'event') {
      this.router.event(msg.name, msg.payload);
    } else if (msg.t === 'stream') {
      this.router.stream(msg);
    }
  }

  private setState(s: ConnectionState): void {
    if (this.state === s) return;
    this.state = s;
    for (const l of [...this.stateListeners]) l(s);
  }
}

function networkError(message: string): AgentErrorData {
  return { status: 0, code: AGENT_CODES.network, message };
}

function networkFailure(message: string): Reply {
  return { ok: false, error: networkError(message) };
}

/**
 * Reads `#token=…` once and removes it from the address bar, so it is neither bookmarked nor
 * shown; the token then lives only in this module's closure.
 */
export function takeTokenFromLocation(loc: Location, history: History): string | null {
  const params = new URLSearchParams(loc.hash.replace(/^#/, ''));
  const token = params.get('token');
  if (token) history.replaceState(null, '', loc.pathname + loc.search);
  return token;
}

/** The agent socket's address: with the launch token on first load, bare (the session cookie) after a reload. */
export function agentSocketUrl(loc: Pick<Location, 'protocol' | 'host'>, token: string | null): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}/agent${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}
