/**
 * The browser host serves its page before its agent is up (web/cli.ts loads the agent meanwhile):
 * the page is answered at once, a socket asked for early connects once the agent is there and
 * answers commands, a host whose agent never came refuses sockets rather than hang them, and a
 * host closed before its agent came connects none of the sockets it held once it comes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { ServerMessage } from '../../../src-main/contract/protocol';
import { type WebHost, startWebHost } from '../../../src-main/web/server';

const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-web-early-'));
writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');

let host: WebHost | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  await host?.close();
  await agent?.dispose();
  host = agent = undefined;
});

function getPage(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { host: `127.0.0.1:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

function socket(h: WebHost): WebSocket {
  return new WebSocket(`ws://127.0.0.1:${h.port}/agent?token=${h.token}`, {
    headers: { origin: `http://127.0.0.1:${h.port}` },
  });
}

describe('browser host before its agent is up', () => {
  it('serves the page at once and connects an early socket once the agent is there', async () => {
    let give: (a: Agent) => void = () => undefined;
    host = await startWebHost({ agent: new Promise<Agent>((r) => (give = r)), rendererDir: dir });
    expect(await getPage(host.port)).toBe(200);

    const ws = socket(host);
    let opened = false;
    const open = new Promise<void>((r) => ws.once('open', () => ((opened = true), r())));
    await new Promise((r) => setTimeout(r, 200));
    expect(opened).toBe(false); // still connecting: there is no agent to answer it yet

    agent = await createAgent({
      dataDir: path.join(dir, 'data'),
      host: 'browser',
      version: 'early',
      memorySecrets: true,
    });
    give(agent);
    await open;
    const reply = new Promise<ServerMessage>((r) =>
      ws.on('message', (m) => {
        const msg = JSON.parse(m.toString()) as ServerMessage;
        if (msg.t === 'reply') r(msg);
      }),
    );
    ws.send(JSON.stringify({ t: 'invoke', id: 1, command: 'app.info', input: {} }));
    expect(await reply).toMatchObject({ t: 'reply', id: 1, ok: true, result: { version: 'early' } });
    ws.close();
  });

  it('refuses sockets (503) when its agent could not start', async () => {
    const failed = Promise.reject(new Error('no keychain'));
    failed.catch(() => undefined);
    host = await startWebHost({ agent: failed, rendererDir: dir });
    expect(await getPage(host.port)).toBe(200);
    const status = await new Promise<number>((resolve) => {
      const ws = socket(host!);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(503);
  });

  it('connects no held socket once its agent comes after the host was closed', async () => {
    let give: (a: Agent) => void = () => undefined;
    const closing = await startWebHost({ agent: new Promise<Agent>((r) => (give = r)), rendererDir: dir });
    const ws = socket(closing);
    const outcome = new Promise<string>((resolve) => {
      ws.on('open', () => resolve('open'));
      ws.on('unexpected-response', (_req, res) => resolve(`refused ${res.statusCode}`));
      ws.on('error', () => resolve('closed'));
      ws.on('close', () => resolve('closed'));
    });
    // The upgrade has reached the host and waits for the agent.
    await new Promise((r) => setTimeout(r, 200));
    await closing.close();
    agent = await createAgent({
      dataDir: path.join(dir, 'data-late'),
      host: 'browser',
      version: 'late',
      memorySecrets: true,
    });
    give(agent);
    expect(await outcome).not.toBe('open');
    ws.terminate();
  });
});
