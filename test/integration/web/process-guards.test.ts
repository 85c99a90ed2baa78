/** A stray rejection or exception in the browser host is logged, and the host keeps serving. */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerMessage } from '../../../src-main/contract/protocol';
import { type HostProcess, spawnWebHost } from '../../support/spawn-web-host';

let host: HostProcess;
beforeAll(async () => {
  host = await spawnWebHost({
    preload: [fileURLToPath(new URL('../../support/faults/throw-on-signal.ts', import.meta.url))],
  });
}, 40_000);
afterAll(() => host.stop());

async function appInfo(): Promise<ServerMessage> {
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
    headers: { origin: `http://127.0.0.1:${host.port}` },
  });
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  const reply = new Promise<ServerMessage>((r) =>
    ws.once('message', (m) => r(JSON.parse(m.toString()) as ServerMessage)),
  );
  ws.send(JSON.stringify({ t: 'invoke', id: 1, command: 'app.info', input: {} }));
  const msg = await reply;
  ws.close();
  return msg;
}

describe('process-level guards of the browser host', () => {
  it('logs an unhandled rejection and an uncaught exception, and keeps serving', async () => {
    expect(await appInfo()).toMatchObject({ ok: true });
    host.child.kill('SIGUSR2');
    const deadline = Date.now() + 10_000;
    while (!/an exception nobody caught/.test(host.logText()) && host.child.exitCode === null && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(host.child.exitCode).toBeNull();
    const log = host.logText();
    expect(log).toMatch(/unhandled rejection.*a rejection nobody handled/);
    expect(log).toMatch(/uncaught exception.*an exception nobody caught/);
    expect(await appInfo()).toMatchObject({ ok: true, result: { host: 'browser' } });
  }, 30_000);
});
