import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import type { ClientMessage, ServerMessage } from '../../../../src-main/contract/protocol';
import { serverMessageToWire } from '../../../../src-main/contract/stream-frames';
import {
  WebBridge,
  agentSocketUrl,
  takeTokenFromLocation,
  type SocketCtor,
} from '../../../../src-renderer/bridge/web-bridge';
import { AgentError, createAgent } from '../../../../src-renderer/agent';

/** A real WebSocket server on loopback standing in for the browser host. */
async function host(onMessage: (msg: ClientMessage, sock: ServerSocket) => void) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const sockets: ServerSocket[] = [];
  const urls: string[] = [];
  wss.on('connection', (sock, req) => {
    sockets.push(sock);
    urls.push(req.url ?? '');
    sock.on('message', (raw) => onMessage(JSON.parse(String(raw)) as ClientMessage, sock));
  });
  const port = (wss.address() as AddressInfo).port;
  return { wss, sockets, urls, url: `ws://127.0.0.1:${port}/agent?token=t0k`, port };
}

/** As the real host sends: console output in binary frames, the rest as JSON. */
const send = (sock: ServerSocket, msg: ServerMessage) => sock.send(serverMessageToWire(msg));
const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const Impl = WebSocket as unknown as SocketCtor;
const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

function bridgeFor(url: string, backoff = { initial: 20, max: 80 }) {
  const b = new WebBridge({ url, WebSocketImpl: Impl, backoffMs: backoff });
  cleanups.push(() => b.dispose());
  return b;
}

describe('WebBridge', () => {
  it('a cancel before the socket opens drops the queued invoke; after, it sends {t: cancel} with the id', async () => {
    const seen: ClientMessage[] = [];
    const h = await host((msg) => void seen.push(msg)); // never replies
    cleanups.push(() => h.wss.close());
    const b = bridgeFor(h.url);
    const early = b.invoke('app.info', {}, 'c1');
    b.cancel('c1');
    expect(await early).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    const late = b.invoke('compute.saveLogArchive', {}, 'c2');
    await new Promise<void>((r) => {
      const t = setInterval(() => seen.length && (clearInterval(t), r()), 5);
    });
    b.cancel('c2');
    expect(await late).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    await new Promise<void>((r) => {
      const t = setInterval(() => seen.length === 2 && (clearInterval(t), r()), 5);
    });
    const sent = seen[0]!;
    expect(sent).toMatchObject({ t: 'invoke', command: 'compute.saveLogArchive' });
    expect(seen[1]).toEqual({ t: 'cancel', id: sent.t === 'invoke' ? sent.id : -1 });
  });

  it('sends invokes with numeric ids (queued until open) and resolves replies by id', async () => {
    const seen: ClientMessage[] = [];
    const h = await host((msg, sock) => {
      seen.push(msg);
      if (msg.t === 'invoke') send(sock, { t: 'reply', id: msg.id, ok: true, result: { echo: msg.command } });
    });
    cleanups.push(() => h.wss.close());
    const b = bridgeFor(h.url);
    const [r1, r2] = await Promise.all([b.invoke('app.info', {}), b.invoke('zones.list', {})]);
    expect(r1).toEqual({ ok: true, result: { echo: 'app.info' } });
    expect(r2).toEqual({ ok: true, result: { echo: 'zones.list' } });
    const ids = seen.map((m) => (m.t === 'invoke' ? m.id : -1));
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((i) => Number.isInteger(i) && i > 0)).toBe(true);
    expect(h.urls[0]).toBe('/agent?token=t0k');
  });

  it('passes error replies through and the agent rebuilds a real AgentError', async () => {
    const h = await host((msg, sock) => {
      if (msg.t === 'invoke') {
        send(sock, {
          t: 'reply',
          id: msg.id,
          ok: false,
          error: { status: 401, code: 'invalid_code', message: 'Wrong code', details: { attempts_left: 2 } },
        });
      }
    });
    cleanups.push(() => h.wss.close());
    const agent = createAgent(bridgeFor(h.url));
    const err = await agent
      .invoke('auth.verify', { zone: 'z', challenge: 'ch_1', code: '1', rememberDevice: false })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: 'invalid_code',
      status: 401,
      message: 'Wrong code',
      details: { attempts_left: 2 },
    });
  });

  it('delivers events to listeners and stops after unsubscribe', async () => {
    const h = await host((msg, sock) => {
      if (msg.t === 'invoke') {
        send(sock, { t: 'event', name: 'keychain.changed', payload: { state: 'ok' } });
        send(sock, { t: 'reply', id: msg.id, ok: true, result: null });
      }
    });
    cleanups.push(() => h.wss.close());
    const b = bridgeFor(h.url);
    const got: unknown[] = [];
    const off = b.onEvent((name, payload) => got.push([name, payload]));
    await b.invoke('app.info', {});
    expect(got).toEqual([['keychain.changed', { state: 'ok' }]]);
    off();
    await b.invoke('app.info', {});
    expect(got).toHaveLength(1);
  });

  it('routes stream messages by sid, keeping output that beats the listener', async () => {
    const h = await host((msg, sock) => {
      if (msg.t === 'invoke') {
        // Output first, then the reply: the renderer subscribes only after the reply.
        send(sock, { t: 'stream', sid: 's1', kind: 'data', data: utf8('hello') });
        send(sock, { t: 'reply', id: msg.id, ok: true, result: { sid: 's1' } });
      } else if (msg.t === 'stream' && msg.kind === 'data') {
        send(sock, { t: 'stream', sid: msg.sid, kind: 'data', data: utf8(msg.data.toUpperCase()) });
        send(sock, { t: 'stream', sid: msg.sid, kind: 'end' });
      }
    });
    cleanups.push(() => h.wss.close());
    const agent = createAgent(bridgeFor(h.url));
    const data: string[] = [];
    const ended = new Promise<unknown>((resolve) => {
      void agent
        .openStream(
          { zone: 'z', operationId: 'containers.console', params: { id: 'c' } },
          {
            onData: (d) => data.push(text(d)),
            onEnd: (e) => resolve(e ?? 'clean'),
          },
        )
        .then((s) => s.write('abc'));
    });
    expect(await ended).toBe('clean');
    expect(data).toEqual(['hello', 'ABC']);
  });

  it('fails in-flight invokes with network_error when the socket drops, then reconnects', async () => {
    let first = true;
    const h = await host((msg, sock) => {
      if (msg.t !== 'invoke') return;
      if (first) {
        first = false;
        sock.terminate(); // never replies
      } else {
        send(sock, { t: 'reply', id: msg.id, ok: true, result: 'again' });
      }
    });
    cleanups.push(() => h.wss.close());
    const b = bridgeFor(h.url);
    const states: string[] = [];
    b.onState((s) => states.push(s));
    const ended: unknown[] = [];
    b.onStream('s9', (m) => ended.push(m));
    const r = await b.invoke('app.info', {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'network_error', status: 0 });
    expect(ended).toEqual([
      { t: 'stream', sid: 's9', kind: 'end', error: expect.objectContaining({ code: 'network_error' }) },
    ]);
    // The next invoke is queued through the backoff and goes out on the new socket.
    expect(await b.invoke('app.info', {})).toEqual({ ok: true, result: 'again' });
    expect(states).toContain('reconnecting');
    expect(states.at(-1)).toBe('open');
    expect(h.sockets.length).toBe(2);
  });

  it('asks its probe when a socket is refused: a refusal fails every call with its words and stops retrying', async () => {
    // A server that refuses every handshake, as the host does without a token or its cookie.
    const refusing = new WebSocketServer({ host: '127.0.0.1', port: 0, verifyClient: () => false });
    await new Promise<void>((r) => refusing.once('listening', () => r()));
    cleanups.push(() => refusing.close());
    const port = (refusing.address() as AddressInfo).port;
    let probes = 0;
    const b = new WebBridge({
      url: `ws://127.0.0.1:${port}/agent`,
      WebSocketImpl: Impl,
      backoffMs: { initial: 20, max: 80 },
      probe: async () => (++probes >= 2 ? 'This tab has no session.' : null),
    });
    cleanups.push(() => b.dispose());
    const states: string[] = [];
    b.onState((s) => states.push(s));
    const r = await b.invoke('app.info', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'network_error', message: 'This tab has no session.' } });
    expect(probes).toBe(2);
    expect(states.at(-1)).toBe('closed');
    // No retry after a refusal: later calls fail at once with the same words.
    await new Promise((r2) => setTimeout(r2, 120));
    expect(probes).toBe(2);
    expect(await b.invoke('app.info', {})).toMatchObject({ ok: false, error: { message: 'This tab has no session.' } });
  });

  it('fails invokes at once after dispose', async () => {
    const h = await host(() => {});
    cleanups.push(() => h.wss.close());
    const b = bridgeFor(h.url);
    b.dispose();
    const r = await b.invoke('app.info', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'network_error' } });
  });
});

describe('token handling', () => {
  it('reads the token once and removes it from the address bar', () => {
    const calls: unknown[][] = [];
    const loc = { hash: '#token=abc%2Bdef', pathname: '/', search: '' } as Location;
    const hist = { replaceState: (...a: unknown[]) => calls.push(a) } as unknown as History;
    expect(takeTokenFromLocation(loc, hist)).toBe('abc+def');
    expect(calls).toEqual([[null, '', '/']]);
    expect(takeTokenFromLocation({ ...loc, hash: '' } as Location, hist)).toBeNull();
  });
  it('builds the agent socket address on the same host', () => {
    expect(agentSocketUrl({ protocol: 'http:', host: '127.0.0.1:5123' }, 'a b')).toBe(
      'ws://127.0.0.1:5123/agent?token=a%20b',
    );
    // After a reload there is no token: the session cookie opens the socket.
    expect(agentSocketUrl({ protocol: 'http:', host: '127.0.0.1:5123' }, null)).toBe('ws://127.0.0.1:5123/agent');
  });
});
