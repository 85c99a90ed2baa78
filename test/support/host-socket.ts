/**
 * The browser host in-process with an agent, a page's socket open to it, and a zone (a hostile-zone
 * kit) added and signed in: the frame of the tests that look at what a zone's reply becomes on the
 * page's socket (web/deep-replies, web/passed-replies).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { createAgent } from '../../src-main/agent/agent';
import type { Agent } from '../../src-main/agent/agent-types';
import { type WebHost, startWebHost } from '../../src-main/web/server';
import type { HostileZone } from './hostile-zone';

/** A reply as the page parses it, the frame's text, and whether the frame was binary. */
export interface SocketReply {
  msg: Record<string, unknown>;
  text: string;
  binary: boolean;
}

export interface HostOnSocket {
  agent: Agent;
  /** The zone's id in the agent. */
  zone: string;
  call(command: string, input: unknown): Promise<SocketReply>;
  close(): Promise<void>;
}

/** Starts the host, opens the socket, adds `kit` as zone `name` and signs in (the kit answers the login). */
export async function hostOnSocket(kit: HostileZone, name: string): Promise<HostOnSocket> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `zd-${name}-`));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Zonedeck</title>');
  const agent = await createAgent({
    dataDir: path.join(dir, 'data'),
    host: 'browser',
    version: 'test',
    memorySecrets: true,
  });
  let host: WebHost | undefined;
  let ws: WebSocket | undefined;
  const close = async () => {
    ws?.close();
    await host?.close();
    await agent.dispose();
    rmSync(dir, { recursive: true, force: true });
  };
  let nextId = 1;
  const call = (command: string, input: unknown): Promise<SocketReply> => {
    const id = nextId++;
    return new Promise((resolve) => {
      const on = (data: Buffer, binary: boolean) => {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
        const msg = JSON.parse(text) as Record<string, unknown>;
        if (msg.t === 'reply' && msg.id === id) {
          ws!.off('message', on);
          resolve({ msg, binary, text });
        }
      };
      ws!.on('message', on);
      ws!.send(JSON.stringify({ t: 'invoke', id, command, input }));
    });
  };
  try {
    host = await startWebHost({ agent, rendererDir: dir });
    ws = new WebSocket(`ws://127.0.0.1:${host.port}/agent?token=${host.token}`, {
      headers: { origin: `http://127.0.0.1:${host.port}` },
    });
    await new Promise((r) => ws!.once('open', r));
    const added = (await call('zones.add', { name, baseUrl: kit.baseUrl })).msg;
    const zone = (added.result as { id: string }).id;
    const login = (await call('auth.login', { zone, email: 'a@b.co', password: 'p' })).msg;
    if (login.ok !== true) throw new Error(`sign-in to the kit failed: ${JSON.stringify(login)}`);
    return { agent, zone, call, close };
  } catch (err) {
    await close();
    throw err;
  }
}
