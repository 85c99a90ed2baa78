import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { ServerMessage } from '../../../src-main/contract/protocol';
import { type WebHost, startWebHost } from '../../../src-main/web/server';

let agent: Agent;
let host: WebHost;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');
  writeFileSync(path.join(os.tmpdir(), 'zd-secret-outside.txt'), 'outside');
  writeFileSync(path.join(dir, 'small.js'), 'export const a = 1;\n');
  writeFileSync(path.join(dir, 'large.js'), `// ${'x'.repeat(400 * 1024)}\n`);
  agent = await createAgent({ dataDir: path.join(dir, 'data'), host: 'browser', version: 'test', memorySecrets: true });
  host = await startWebHost({ agent, rendererDir: dir });
});
afterAll(async () => {
  await host.close();
  await agent.dispose();
});

/** Attempts a WebSocket handshake; resolves with the HTTP status of a refusal, or 101. */
function handshake(opts: { token?: string; origin?: string; host?: string }): Promise<number> {
  const q = opts.token === undefined ? '' : `?token=${encodeURIComponent(opts.token)}`;
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent${q}`, {
      headers: { ...(opts.origin ? { origin: opts.origin } : {}), ...(opts.host ? { host: opts.host } : {}) },
    });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(-1));
  });
}

function get(pathname: string, hostHeader = `127.0.0.1:${host.port}`) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: host.port, path: pathname, headers: { host: hostHeader } },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('browser host', () => {
  const origin = () => `http://127.0.0.1:${host.port}`;

  it('binds to loopback and puts the token only in the URL fragment', () => {
    expect(host.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${host.port}/#token=[A-Za-z0-9_-]{43}$`));
  });

  it('accepts the right token with our own Origin and Host, and answers commands', async () => {
    expect(await handshake({ token: host.token, origin: origin() })).toBe(101);
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
      headers: { origin: origin() },
    });
    await new Promise((r) => ws.once('open', r));
    const reply = new Promise<ServerMessage>((r) =>
      ws.on('message', (m) => {
        const msg = JSON.parse(m.toString()) as ServerMessage;
        if (msg.t === 'reply') r(msg);
      }),
    );
    ws.send(JSON.stringify({ t: 'invoke', id: 7, command: 'app.info', input: {} }));
    expect(await reply).toMatchObject({ t: 'reply', id: 7, ok: true, result: { host: 'browser', version: 'test' } });
    ws.close();
  });

  it('refuses a socket without the token or with a wrong one', async () => {
    expect(await handshake({ origin: origin() })).toBe(401);
    expect(await handshake({ token: 'x'.repeat(43), origin: origin() })).toBe(401);
    expect(await handshake({ token: host.token.slice(0, -1), origin: origin() })).toBe(401);
  });

  it('refuses a foreign Origin, and a missing one, even with the token', async () => {
    expect(await handshake({ token: host.token, origin: 'http://evil.example.com' })).toBe(403);
    expect(await handshake({ token: host.token, origin: `http://127.0.0.1:${host.port + 1}` })).toBe(403);
    expect(await handshake({ token: host.token })).toBe(403);
  });

  it('refuses a foreign Host (DNS rebinding) on the socket and on pages', async () => {
    expect(await handshake({ token: host.token, origin: origin(), host: `evil.example.com:${host.port}` })).toBe(403);
    expect((await get('/', `rebind.example.com:${host.port}`)).status).toBe(403);
  });

  it('serves the renderer with a strict CSP and nothing outside its folder', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'.*script-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-eval/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/../zd-secret-outside.txt')).status).toBe(404);
    expect((await get('/%2e%2e/zd-secret-outside.txt')).status).toBe(404);
  });

  it('sends a small file whole and streams a large one, each with its length', async () => {
    const small = await get('/small.js');
    expect(small.status).toBe(200);
    expect(small.body).toBe('export const a = 1;\n');
    expect(small.headers['content-length']).toBe(String(small.body.length));
    expect(small.headers['content-type']).toMatch(/text\/javascript/);
    const large = await get('/large.js');
    expect(large.status).toBe(200);
    expect(large.body.length).toBe(400 * 1024 + 4);
    expect(large.headers['content-length']).toBe(String(400 * 1024 + 4));
    expect((await get('/missing.js')).status).toBe(404);
  });
});
