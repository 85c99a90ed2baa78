/**
 * The browser bridge's socket in a worker: socket-worker.ts runs for real, in-process, behind a
 * stand-in Worker that passes messages through structuredClone as a real one would; the host is a
 * real WebSocket server on loopback.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import type { ClientMessage, ServerMessage } from '../../../../src-main/contract/protocol';
import { serverMessageToWire } from '../../../../src-main/contract/stream-frames';
import { WebBridge } from '../../../../src-renderer/bridge/web-bridge';
import { WorkerSocket } from '../../../../src-renderer/bridge/worker-socket';

type Scope = {
  postMessage(m: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: { data: unknown }) => void) | null;
};

class StandInWorker {
  static started: StandInWorker[] = [];
  /** Messages the worker posted to the page. */
  posts = 0;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  terminated = false;
  readonly url: string;
  private readonly scope: Scope;
  private readonly loaded: Promise<void>;

  constructor(url: URL) {
    this.url = url.href;
    // Transferred buffers are moved, as between real threads: the sender's copy is left empty.
    const scope: Scope = {
      postMessage: (m, transfer = []) => {
        this.posts++;
        const moved = structuredClone(m, { transfer });
        setTimeout(() => !this.terminated && this.onmessage?.({ data: moved }));
      },
      onmessage: null,
    };
    this.scope = scope;
    // The worker module reads `self` once, when it runs: give it this worker's scope.
    vi.stubGlobal('self', scope);
    vi.resetModules();
    this.loaded = import('../../../../src-renderer/bridge/socket-worker').then(() => undefined);
    StandInWorker.started.push(this);
  }

  postMessage(m: unknown): void {
    void this.loaded.then(() => !this.terminated && this.scope.onmessage?.({ data: structuredClone(m) }));
  }

  terminate(): void {
    this.terminated = true;
  }
}

async function host(onMessage: (msg: ClientMessage, sock: ServerSocket) => void) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const sockets: ServerSocket[] = [];
  wss.on('connection', (sock) => {
    sockets.push(sock);
    sock.on('message', (raw) => onMessage(JSON.parse(String(raw)) as ClientMessage, sock));
  });
  return { wss, sockets, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/agent?token=t` };
}

/** As the real host sends: console output in binary frames, the rest as JSON. */
const send = (sock: ServerSocket, msg: ServerMessage) => sock.send(serverMessageToWire(msg));
const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
  vi.unstubAllGlobals();
  StandInWorker.started = [];
});

function withWorkers(): void {
  vi.stubGlobal('Worker', StandInWorker);
  vi.stubGlobal('WebSocket', WebSocket); // inside the worker, the browser's WebSocket
}

describe('WorkerSocket', () => {
  it('is what the bridge uses where workers exist, and carries invokes, replies and stream data', async () => {
    withWorkers();
    const h = await host((msg, sock) => {
      if (msg.t === 'invoke') {
        send(sock, { t: 'reply', id: msg.id, ok: true, result: { sid: 's1' } });
        send(sock, { t: 'stream', sid: 's1', kind: 'data', data: utf8('x'.repeat(70_000)) });
        send(sock, { t: 'stream', sid: 's1', kind: 'data', data: utf8('é ✓ 😀 \u001b[1m') }); // a binary frame, bytes as sent
      }
    });
    cleanups.push(() => h.wss.close());
    const bridge = new WebBridge({ url: h.url, backoffMs: { initial: 20, max: 40 } });
    cleanups.push(() => bridge.dispose());
    const data: string[] = [];
    bridge.onStream('s1', (m) => m.kind === 'data' && data.push(text(m.data)));
    expect(await bridge.invoke('stream.open', {})).toEqual({ ok: true, result: { sid: 's1' } });
    await vi.waitFor(() => expect(data).toEqual(['x'.repeat(70_000), 'é ✓ 😀 \u001b[1m']));
    expect(StandInWorker.started).toHaveLength(1);
    expect(StandInWorker.started[0]!.url).toMatch(/socket-worker\.ts$/);
  });

  it('reports a closed socket once, stops its worker, and the bridge reconnects with a new one', async () => {
    withWorkers();
    const h = await host((msg, sock) => {
      if (msg.t === 'invoke') send(sock, { t: 'reply', id: msg.id, ok: true, result: 'pong' });
    });
    cleanups.push(() => h.wss.close());
    const bridge = new WebBridge({ url: h.url, backoffMs: { initial: 20, max: 40 } });
    cleanups.push(() => bridge.dispose());
    const states: string[] = [];
    bridge.onState((s) => states.push(s));
    expect(await bridge.invoke('ping', {})).toEqual({ ok: true, result: 'pong' });
    h.sockets[0]!.terminate();
    await vi.waitFor(() => expect(states).toContain('reconnecting'));
    await vi.waitFor(() => expect(states.at(-1)).toBe('open'));
    expect(StandInWorker.started).toHaveLength(2);
    expect(StandInWorker.started[0]!.terminated).toBe(true);
    expect(await bridge.invoke('ping', {})).toEqual({ ok: true, result: 'pong' });
  });

  it('hands a burst of messages over in a few posts, in order with a binary frame among them', async () => {
    withWorkers();
    const h = await host(() => undefined);
    cleanups.push(() => h.wss.close());
    const sock = new WorkerSocket(h.url);
    cleanups.push(() => sock.close());
    const got: unknown[] = [];
    sock.onmessage = (ev) => got.push(ev.data instanceof ArrayBuffer ? text(new Uint8Array(ev.data)) : ev.data);
    await new Promise<void>((r) => (sock.onopen = () => r()));
    const burst = (from: number, n: number) => {
      for (let i = from; i < from + n; i++) h.sockets[0]!.send(JSON.stringify({ i }));
    };
    burst(0, 1_200);
    h.sockets[0]!.send(utf8('bytes'));
    burst(1_200, 800);
    await vi.waitFor(() => expect(got).toHaveLength(2_001));
    const want = [
      ...Array.from({ length: 1_200 }, (_, i) => ({ i })),
      'bytes',
      ...Array.from({ length: 800 }, (_, i) => ({ i: 1_200 + i })),
    ];
    expect(got).toEqual(want);
    expect(StandInWorker.started[0]!.posts).toBeLessThan(200); // one per message would be 2,002
  });

  it('drops what is sent before the socket opens, and closes on request', async () => {
    withWorkers();
    const got: ClientMessage[] = [];
    const h = await host((msg) => got.push(msg));
    cleanups.push(() => h.wss.close());
    const sock = new WorkerSocket(h.url);
    sock.send('{"t":"stream","sid":"early","kind":"close"}'); // not open yet: the bridge queues invokes itself
    const closed = new Promise<void>((r) => (sock.onclose = () => r()));
    await new Promise<void>((r) => (sock.onopen = () => r()));
    expect(sock.readyState).toBe(1);
    sock.send('{"t":"stream","sid":"s","kind":"close"}');
    await vi.waitFor(() => expect(got).toHaveLength(1));
    expect(got[0]).toMatchObject({ sid: 's' });
    sock.close(1000, 'bye');
    await closed;
    expect(sock.readyState).toBe(3);
    expect(StandInWorker.started[0]!.terminated).toBe(true);
  });
});
