/**
 * The browser host's session cookie: the launch token is traded for an HttpOnly, SameSite=Strict
 * cookie on the agent socket's path, which then opens the socket without the token, but only from
 * our own Origin and Host; a wrong token, another origin or another launch's cookie gets nothing.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import { type WebHost, startWebHost } from '../../../src-main/web/server';

let agent: Agent;
let host: WebHost;
let other: WebHost;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');
  agent = await createAgent({ dataDir: path.join(dir, 'data'), host: 'browser', version: 'test', memorySecrets: true });
  host = await startWebHost({ agent, rendererDir: dir });
  other = await startWebHost({ agent, rendererDir: dir });
});
afterAll(async () => {
  await other.close();
  await host.close();
  await agent.dispose();
});

const own = (h: WebHost) => `http://127.0.0.1:${h.port}`;

function post(h: WebHost, headers: Record<string, string>, method = 'POST') {
  return new Promise<{ status: number; cookie: string | undefined }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: h.port,
        path: '/agent/session',
        method,
        headers: { host: `127.0.0.1:${h.port}`, ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cookie: res.headers['set-cookie']?.[0] }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function handshake(h: WebHost, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${h.port}/agent`, { headers });
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(-1));
  });
}

describe('browser host session cookie', () => {
  it('trades the launch token for an HttpOnly, SameSite=Strict cookie on the socket path', async () => {
    const res = await post(host, { origin: own(host), 'x-zonedeck-token': host.token });
    expect(res.status).toBe(204);
    expect(res.cookie).toMatch(
      new RegExp(`^zd_agent_${host.port}=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=/agent$`),
    );
    expect(res.cookie).not.toContain(host.token);
  });

  it('refuses the trade with a wrong token, from another origin, or as a GET', async () => {
    expect((await post(host, { origin: own(host), 'x-zonedeck-token': 'x'.repeat(43) })).status).toBe(401);
    expect((await post(host, { origin: 'http://evil.example.com', 'x-zonedeck-token': host.token })).status).toBe(403);
    expect((await post(host, { origin: own(other), 'x-zonedeck-token': host.token })).status).toBe(403);
    expect((await post(host, { 'x-zonedeck-token': host.token })).status).toBe(403);
    expect((await post(host, { origin: own(host) }, 'GET')).status).toBe(405);
  });

  it('opens the socket with the cookie alone, only from our own Origin and Host', async () => {
    const cookie = (await post(host, { origin: own(host), 'x-zonedeck-token': host.token })).cookie!.split(';')[0]!;
    expect(await handshake(host, { origin: own(host), cookie })).toBe(101);
    expect(await handshake(host, { origin: 'http://evil.example.com', cookie })).toBe(403);
    expect(await handshake(host, { cookie })).toBe(403);
    expect(await handshake(host, { origin: own(host), cookie, host: `evil.example.com:${host.port}` })).toBe(403);
    expect(await handshake(host, { origin: own(host) })).toBe(401);
  });

  it("says whether a cookie is this launch's, and refuses another launch's", async () => {
    const mine = (await post(host, { origin: own(host), 'x-zonedeck-token': host.token })).cookie!.split(';')[0]!;
    const theirs = (await post(other, { origin: own(other), 'x-zonedeck-token': other.token })).cookie!.split(';')[0]!;
    expect((await post(host, { origin: own(host), cookie: mine })).status).toBe(204);
    expect((await post(host, { origin: own(host), cookie: theirs })).status).toBe(401);
    expect((await post(host, { origin: own(host) })).status).toBe(401);
    // Same name, a forged value: refused.
    const forged = `zd_agent_${host.port}=${'A'.repeat(43)}`;
    expect(await handshake(host, { origin: own(host), cookie: forged })).toBe(401);
    expect(await handshake(other, { origin: own(other), cookie: mine })).toBe(401);
  });
});
