/**
 * The console sends a zone nothing but the user's keystrokes unless the zone selected the control
 * subprotocol: against consoles that echo every frame they receive (one selecting no subprotocol,
 * one selecting whatever is offered first, as the ws library does by default) a resize never
 * arrives as typed text; against the sandbox's console, which selects it, resize still works.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { CONSOLE_CONTROL, CONSOLE_OFFERED } from '../../../src-main/contract/console-protocol';
import { idOf, listOf, nameOf } from '../../../src-main/contract/tolerant';
import { harness, RecordingConnection, until } from './harness';

type Harness = Awaited<ReturnType<typeof harness>>;

/**
 * A zone whose HTTP API is the sandbox's (so sign-in and lists work) and whose console is an echo:
 * every frame is recorded and sent back. `select` decides the subprotocol it answers with.
 */
async function echoZone(sandboxPort: number, select: 'none' | 'first') {
  const frames: { text: string; binary: boolean }[] = [];
  const offered: (string | undefined)[] = [];
  const wss = new WebSocketServer({
    noServer: true,
    ...(select === 'none' ? { handleProtocols: () => false as const } : {}),
  });
  const server = http.createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, `:${sandboxPort}`);
    const up = http.request(
      { host: '127.0.0.1', port: sandboxPort, method: req.method, path: req.url, headers: { ...req.headers, host } },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      },
    );
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('upgrade', (req, socket, head) => {
    offered.push(req.headers['sec-websocket-protocol']);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data: Buffer, binary) => {
        frames.push({ text: data.toString('utf8'), binary });
        ws.send(data);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    frames,
    offered,
    received: () => frames.map((f) => f.text).join(''),
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe('console control messages', () => {
  // One sandbox and agent for the whole file: the echo zones are added to it as zones of their own.
  let h: Harness;
  let echo: Record<'none' | 'first', Awaited<ReturnType<typeof echoZone>>>;
  beforeAll(async () => {
    h = await harness();
    echo = { none: await echoZone(h.sandbox.port, 'none'), first: await echoZone(h.sandbox.port, 'first') };
  });
  afterAll(async () => {
    await Promise.all(Object.values(echo ?? {}).map((z) => z.close()));
    await h?.close();
  });

  async function openConsole(baseUrl?: string) {
    const zone = await h.addAndSignIn('eu-1', baseUrl);
    const list = await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    const id = idOf(listOf(list.data).find((c) => nameOf(c) === 'web-1')!)!;
    const r = new RecordingConnection();
    const reply = await h.agent.invoke(
      'stream.open',
      { zone: zone.id, operationId: 'containers.console', params: { id }, query: { cols: 80, rows: 24 } },
      r,
    );
    if (!reply.ok) throw new Error(reply.error.message);
    const sid = (reply.result as { sid: string }).sid;
    const send = (msg: { kind: 'data'; data: string } | { kind: 'resize'; cols: number; rows: number }) =>
      h.agent.streamInput({ t: 'stream', sid, ...msg }, r);
    const connected = () =>
      r.messages.some((m) => m.sid === sid && m.kind === 'event' && JSON.stringify(m).includes('connected'));
    return { r, sid, send, connected };
  }

  for (const select of ['none', 'first'] as const) {
    it(`sends only keystrokes to a console that selects ${select === 'none' ? 'no subprotocol' : 'the first offered one'}`, async () => {
      const zoneServer = echo[select];
      const base = h.sandbox.zones[0]!.baseUrl.replace(/:\d+$/, `:${zoneServer.port}`);
      const c = await openConsole(base);
      c.send({ kind: 'resize', cols: 142, rows: 20 }); // as the terminal does at once, before the socket opens
      await until(c.connected, 10_000);
      c.send({ kind: 'resize', cols: 150, rows: 40 });
      c.send({ kind: 'data', data: 'echo hi\r' });
      await until(() => c.r.text(c.sid).includes('echo hi\r'), 5_000); // echoed back through the agent
      await new Promise((res) => setTimeout(res, 100)); // room for a late control frame to show up
      expect(zoneServer.received()).toBe('echo hi\r');
      expect(zoneServer.frames.every((f) => !f.text.includes('"type"'))).toBe(true);
      expect(zoneServer.offered).toEqual([CONSOLE_OFFERED.join(', ')]);
    });
  }

  it(`resizes the sandbox's console, which selects ${CONSOLE_CONTROL}`, async () => {
    const c = await openConsole();
    c.send({ kind: 'resize', cols: 100, rows: 30 });
    await until(() => c.r.text(c.sid).includes('root@web-1'), 10_000);
    let from = c.r.text(c.sid).length;
    c.send({ kind: 'data', data: 'stty size\r' });
    await until(() => c.r.text(c.sid).slice(from).includes('30 100\r\n'), 5_000);
    c.send({ kind: 'resize', cols: 132, rows: 43 });
    from = c.r.text(c.sid).length;
    c.send({ kind: 'data', data: 'stty size\r' });
    await until(() => c.r.text(c.sid).slice(from).includes('43 132\r\n'), 5_000);
    expect(c.r.text(c.sid)).not.toContain('{"type"');
  });
});
