/**
 * The browser host's socket (web/socket-bridge.ts) turns the page's `cancel` into an abort of that
 * call's signal, only that call's, and aborts every call still running when the socket closes.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { Agent, Connection } from '../../../src-main/agent/agent-types';
import type { Reply } from '../../../src-main/contract/protocol';
import { attachSocket } from '../../../src-main/web/socket-bridge';

/** An agent whose calls run until their signal aborts, then answer `cancelled`. */
function waitingAgent() {
  const signals = new Map<string, AbortSignal>();
  const agent = {
    invoke: (command: string, _input: unknown, _conn: Connection, signal?: AbortSignal) =>
      new Promise<Reply>((resolve) => {
        signals.set(command, signal!);
        signal!.addEventListener('abort', () =>
          resolve({ ok: false, error: { status: 0, code: 'cancelled', message: 'Cancelled.' } }),
        );
      }),
    streamInput: () => undefined,
    disconnect: () => undefined,
    onEvent: () => () => undefined,
    openLink: () => false,
    dispose: async () => undefined,
  } as unknown as Agent;
  return { agent, signals };
}

const closers: (() => void)[] = [];
afterEach(() => {
  while (closers.length) closers.pop()!();
});

async function connect(agent: Agent) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  wss.on('connection', (ws) => attachSocket(ws, agent));
  closers.push(() => wss.close());
  const ws = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  await new Promise((r) => ws.once('open', r));
  const replies: unknown[] = [];
  ws.on('message', (raw) => replies.push(JSON.parse(String(raw))));
  return { ws, replies };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

describe('the browser host socket and cancel', () => {
  it("aborts the named call's signal only, and answers it", async () => {
    const { agent, signals } = waitingAgent();
    const { ws, replies } = await connect(agent);
    ws.send(JSON.stringify({ t: 'invoke', id: 1, command: 'a', input: {} }));
    ws.send(JSON.stringify({ t: 'invoke', id: 2, command: 'b', input: {} }));
    await until(() => signals.size === 2);
    ws.send(JSON.stringify({ t: 'cancel', id: 1 }));
    ws.send(JSON.stringify({ t: 'cancel', id: 99 })); // nothing by that id: nothing happens
    await until(() => replies.length === 1);
    expect(replies[0]).toMatchObject({ t: 'reply', id: 1, ok: false, error: { code: 'cancelled' } });
    expect(signals.get('a')!.aborted).toBe(true);
    expect(signals.get('b')!.aborted).toBe(false);
    ws.close();
  });

  it('aborts every call still running when the page goes, and closes on a malformed cancel', async () => {
    const { agent, signals } = waitingAgent();
    const { ws } = await connect(agent);
    ws.send(JSON.stringify({ t: 'invoke', id: 1, command: 'a', input: {} }));
    await until(() => signals.size === 1);
    ws.close();
    await until(() => signals.get('a')!.aborted);

    const second = await connect(agent);
    const closed = new Promise<number>((r) => second.ws.once('close', (code) => r(code)));
    second.ws.send(JSON.stringify({ t: 'cancel', id: 'one' }));
    expect(await closed).toBe(1003);
  });
});
