import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { ServerMessage } from '../../../src-main/contract/protocol';
import { type WebHost, startWebHost } from '../../../src-main/web/server';
import { type RawFrame, rawConnect } from '../../support/raw-ws';

let agent: Agent;
let host: WebHost;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-wsproto-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');
  agent = await createAgent({ dataDir: path.join(dir, 'data'), host: 'browser', version: 'test', memorySecrets: true });
  host = await startWebHost({ agent, rendererDir: dir });
});
afterAll(async () => {
  await host.close();
  await agent.dispose();
});

const origin = () => `http://127.0.0.1:${host.port}`;

/** A well-behaved renderer socket asks app.info: the host still serves. */
async function stillServes(): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, { headers: { origin: origin() } });
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  const reply = new Promise<ServerMessage>((r) =>
    ws.on('message', (m) => r(JSON.parse(m.toString()) as ServerMessage)),
  );
  ws.send(JSON.stringify({ t: 'invoke', id: 1, command: 'app.info', input: {} }));
  expect(await reply).toMatchObject({ t: 'reply', id: 1, ok: true });
  ws.close();
}

const text = (s: string | Uint8Array) => (typeof s === 'string' ? new TextEncoder().encode(s) : s);

const CASES: [string, RawFrame, number][] = [
  ['a frame over the 16 MiB limit', { opcode: 1, claimedLength: 17 * 1024 * 1024 }, 1009],
  ['invalid UTF-8 in a text frame', { opcode: 1, payload: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }, 1007],
  ['an unmasked client frame', { opcode: 1, payload: text('{}'), mask: false }, 1002],
  ['a reserved opcode', { opcode: 3, payload: text('x') }, 1002],
  ['RSV1 without a negotiated extension', { opcode: 1, payload: text('{}'), rsv: 0b100 }, 1002],
];

describe('a WebSocket protocol error closes only that socket', () => {
  it.each(CASES)('%s', async (_name, frame, expectedCode) => {
    const raw = await rawConnect(host.port, `/agent?token=${host.token}`, { Origin: origin() });
    // Another renderer, open before and after: it keeps working.
    const other = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
      headers: { origin: origin() },
    });
    await new Promise((r) => other.once('open', r));
    raw.send(frame);
    const { code } = await raw.closed;
    expect(code).toBe(expectedCode);
    expect(other.readyState).toBe(WebSocket.OPEN);
    other.close();
    await stillServes();
  });
});
