/**
 * A zone reply nested 5,000 deep, through the browser host's socket: a 200 body, an error body (its
 * detail copied into the error) and list.poll. Each call ends as a typed error; the host stays up.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { ServerMessage } from '../../../src-main/contract/protocol';
import { type WebHost, startWebHost } from '../../../src-main/web/server';
import { type HostileZone, deepJson, json, startHostileZone, tokens } from '../../support/hostile-zone';

let kit: HostileZone;
let agent: Agent;
let host: WebHost;
let dir: string;
let ws: WebSocket;
let nextId = 1;

function call(command: string, input: unknown): Promise<ServerMessage & { ok: boolean }> {
  const id = nextId++;
  return new Promise((resolve) => {
    const on = (data: Buffer, binary: boolean) => {
      if (binary) return;
      const msg = JSON.parse(data.toString()) as ServerMessage & { ok: boolean };
      if (msg.t === 'reply' && msg.id === id) {
        ws.off('message', on);
        resolve(msg);
      }
    };
    ws.on('message', on);
    ws.send(JSON.stringify({ t: 'invoke', id, command, input }));
  });
}

let zone: string;
beforeAll(async () => {
  kit = await startHostileZone();
  kit.on('POST /api/v1/auth/login', tokens());
  kit.on('GET /api/v1/containers', json(`{"items":${deepJson(5000)}}`));
  kit.on('GET /api/v1/microvms', json(`{"items":[{"id":"a","x":${deepJson(5000)}}]}`));
  kit.on('POST /api/v1/containers', json(`{"error":"conflict","detail":${deepJson(5000)}}`, 409));
  dir = mkdtempSync(path.join(os.tmpdir(), 'zd-deep-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');
  agent = await createAgent({ dataDir: path.join(dir, 'data'), host: 'browser', version: 'test', memorySecrets: true });
  host = await startWebHost({ agent, rendererDir: dir });
  ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
    headers: { origin: `http://127.0.0.1:${host.port}` },
  });
  await new Promise((r) => ws.once('open', r));
  const added = (await call('zones.add', { name: 'deep', baseUrl: kit.baseUrl })) as unknown as {
    result: { id: string };
  };
  zone = added.result.id;
  expect(await call('auth.login', { zone, email: 'a@b.co', password: 'p' })).toMatchObject({ ok: true });
});
afterAll(async () => {
  ws?.close();
  await host?.close();
  await agent?.dispose();
  await kit?.close();
  rmSync(dir, { recursive: true, force: true });
});

const typedFailure = {
  ok: false,
  error: { status: expect.any(Number), code: expect.any(String), message: expect.any(String) },
};

describe('a reply nested 5,000 deep', () => {
  it.each([
    ['a 200 body through api.call', 'api.call', { operationId: 'containers.list' }],
    ['an error body through api.call', 'api.call', { operationId: 'containers.create', body: {} }],
    ['a list through list.poll', 'list.poll', { operationId: 'microvms.list' }],
  ])('%s ends as a typed error, and the host still answers', async (_name, command, input) => {
    const reply = await call(command, { zone, ...input });
    expect(reply).toMatchObject(typedFailure);
    expect((reply as unknown as { error: { code: string } }).error.code).not.toBe('internal_error');
    expect(await call('app.info', {})).toMatchObject({ ok: true });
  });
});
