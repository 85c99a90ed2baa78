/**
 * ZoneClient.send's bounds against a real loopback server that misbehaves on purpose: the timeout
 * (before the status and mid-body), the caller's abort, a redirect left unfollowed, repeated
 * Set-Cookie headers, a declared or running length past the cap, and a body that came before.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZoneClient } from '../../../src-main/agent/http/zone-client';
import { findRoute } from '../../../src-main/contract/routes';

const route = findRoute('containers.list')!;
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

describe('zone client send', () => {
  let server: Server;
  let client: ZoneClient;
  let answer: Handler = (_req, res) => res.end('{}');
  let requests = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      answer(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new ZoneClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
  });
  afterAll(async () => {
    await client.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('the call should have failed'),
      (err: unknown) => err as { status: number; code: string; details?: unknown },
    );

  it('times out when no status comes, and when the body stops halfway', async () => {
    answer = () => {}; // never answers
    expect(await failure(client.send({ route, timeoutMs: 150 }))).toMatchObject({ status: 0, code: 'timeout' });
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"items": ['); // and nothing more
    };
    const started = performance.now();
    expect(await failure(client.send({ route, timeoutMs: 150 }))).toMatchObject({ code: 'timeout' });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("stops at the caller's abort, given before the call or while it waits", async () => {
    answer = () => {};
    expect(await failure(client.send({ route, signal: AbortSignal.abort() }))).toMatchObject({ code: 'cancelled' });
    const ctrl = new AbortController();
    const call = client.send({ route, signal: ctrl.signal });
    setTimeout(() => ctrl.abort(), 50);
    expect(await failure(call)).toMatchObject({ code: 'cancelled' });
  });

  it('does not follow a redirect: it is the error of that call', async () => {
    answer = (_req, res) => res.writeHead(302, { location: '/elsewhere' }).end();
    const before = requests;
    expect(await failure(client.send({ route }))).toMatchObject({ status: 302, code: 'http_302' });
    expect(requests - before).toBe(1);
  });

  it('keeps repeated Set-Cookie headers apart', async () => {
    answer = (_req, res) => {
      res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
      res.setHeader('content-type', 'application/json');
      res.end('{"ok": true}');
    };
    const res = await client.send({ route });
    expect(res.data).toEqual({ ok: true });
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
  });

  it('refuses a declared length over the cap before any body comes, and a running one past it', async () => {
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10_000) });
      res.write('['); // the rest never comes: the refusal must not wait for it
    };
    const refused = await failure(client.send({ route, maxBytes: 1_000, timeoutMs: 5_000 }));
    expect(refused).toMatchObject({ status: 200, code: 'reply_too_large', details: { limitBytes: 1_000 } });
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked, no length
      const timer = setInterval(() => res.write(`"${'x'.repeat(400)}",`), 5);
      res.on('close', () => clearInterval(timer));
    };
    expect(await failure(client.send({ route, maxBytes: 1_000 }))).toMatchObject({ code: 'reply_too_large' });
  });

  it('answers a body that came before with the same bytes and data, even arriving in pieces', async () => {
    const body = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: `c-${i}` })) });
    answer = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body.slice(0, 1000));
      setTimeout(() => res.end(body.slice(1000)), 5);
    };
    const first = await client.send({ route });
    const again = await client.send({ route, known: { bytes: first.bytes, data: first.data } });
    expect(again.bytes).toBe(first.bytes);
    expect(again.data).toBe(first.data);
    answer = (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(body.replace('c-1"', 'c-X"'));
    const changed = await client.send({ route, known: { bytes: first.bytes, data: first.data } });
    expect(changed.bytes).not.toBe(first.bytes);
    expect(changed.text).toContain('c-X');
  });

  it('sends the path and query a URL would: base path kept, parameters encoded, query form-encoded', async () => {
    const port = (server.address() as AddressInfo).port;
    const prefixed = new ZoneClient({ baseUrl: `http://127.0.0.1:${port}/zone/` });
    let seen = '';
    answer = (req, res) => {
      seen = req.url!;
      res.end('{}');
    };
    const get = findRoute('containers.get')!;
    const params = { id: 'c 1/é?#' };
    const query = { q: 'a b&c=d', n: 5, all: true };
    await prefixed.send({ route: get, params, query });
    // What the client built with URL and searchParams before it stopped making a URL per call.
    const reference = new URL(
      `/zone/api/v1/containers/${encodeURIComponent(params.id)}`,
      `http://127.0.0.1:${port}/zone/`,
    );
    for (const [k, v] of Object.entries(query)) reference.searchParams.set(k, String(v));
    expect(seen).toBe(reference.pathname + reference.search);
    expect(prefixed.url(get, params, query).href).toBe(reference.href);
    await prefixed.close();
  });
});
