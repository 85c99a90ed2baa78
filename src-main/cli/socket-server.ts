/**
 * The running app's agent for the command line (shared mode): a Unix socket (a named pipe on
 * Windows) in the data folder, mode 0600, opened only with a per-launch secret that is announced
 * in a 0600 file beside it. Both hosts start it after the agent, so `zonedeck` uses the window's
 * sign-ins instead of renewing the same refresh token in a second process.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Agent, Connection } from '../agent/agent-types';
import { writeFileAtomic } from '../agent/files';
import { type Logger, silentLogger } from '../agent/log';
import type { ServerMessage } from '../contract/protocol';
import {
  ANNOUNCE_FILE,
  type Announce,
  type CliClientMessage,
  lineReader,
  socketPath,
  type WireServerMessage,
} from './socket-wire';

export interface AgentSocket {
  path: string;
  close(): Promise<void>;
}

/** The hello line is ~100 bytes. */
const HELLO_MAX_BYTES = 4096;

function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function toWire(msg: ServerMessage): WireServerMessage {
  if (msg.t === 'stream' && msg.kind === 'data')
    return { t: 'stream', sid: msg.sid, kind: 'data', b64: Buffer.from(msg.data).toString('base64') };
  return msg as WireServerMessage;
}

function serve(sock: net.Socket, agent: Agent, secret: string, openLink: (link: string) => boolean, log: Logger): void {
  let authed = false;
  let off: (() => void) | undefined;
  const conn: Connection = {
    id: `cli-${randomBytes(4).toString('hex')}`,
    sendStream: (msg) => send(toWire(msg)),
    bufferedAmount: () => sock.writableLength,
  };
  const send = (msg: WireServerMessage) => {
    if (!sock.destroyed) sock.write(`${JSON.stringify(msg)}\n`);
  };
  const onLine = (line: string) => {
    let msg: CliClientMessage;
    try {
      msg = JSON.parse(line) as CliClientMessage;
    } catch {
      return sock.destroy();
    }
    if (!authed) {
      if (msg.t !== 'hello' || !sameSecret(msg.secret, secret)) {
        log.warn('refused a command-line connection without the secret');
        return sock.destroy();
      }
      authed = true;
      off = agent.onEvent((name, payload) => send({ t: 'event', name, payload }));
      log.info('command line connected', { conn: conn.id });
      return send({ t: 'hello', ok: true });
    }
    if (msg.t === 'invoke') {
      void agent.invoke(msg.command, msg.input, conn).then((reply) => send({ t: 'reply', id: msg.id, ...reply }));
    } else if (msg.t === 'open') {
      send({ t: 'reply', id: msg.id, ok: true, result: openLink(msg.link) });
    } else if (msg.t === 'stream') {
      agent.streamInput(msg, conn);
    }
  };
  const read = lineReader(onLine, () => sock.destroy());
  sock.on('data', (chunk: Buffer) => {
    // Before the secret, a hello is all there is to read: nobody gets to fill memory unasked.
    if (!authed && sock.bytesRead > HELLO_MAX_BYTES) return void sock.destroy();
    read(chunk);
  });
  sock.on('error', () => sock.destroy());
  sock.on('close', () => {
    off?.();
    agent.disconnect(conn);
  });
}

function answers(where: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(where);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

export interface AgentSocketOptions {
  agent: Agent;
  dataDir: string;
  /** `zonedeck open`: the host hands the link to its window (Electron also brings the window forward). */
  openLink?: (link: string) => boolean;
  log?: Logger;
}

export async function serveAgentSocket(o: AgentSocketOptions): Promise<AgentSocket> {
  const log = o.log ?? silentLogger;
  const where = socketPath(o.dataDir);
  const announce = path.join(o.dataDir, ANNOUNCE_FILE);
  const secret = randomBytes(32).toString('hex');
  // Another host of the same data folder (a browser host beside the window) keeps its socket;
  // a socket nobody answers on was left by a host that crashed.
  if (await answers(where)) throw new Error(`another Zonedeck serves the command line at ${where}`);
  if (process.platform !== 'win32') rmSync(where, { force: true });
  const openLink = o.openLink ?? ((link: string) => o.agent.openLink(link));
  const open = new Set<net.Socket>();
  const server = net.createServer((sock) => {
    open.add(sock.once('close', () => open.delete(sock)));
    serve(sock, o.agent, secret, openLink, log);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where, () => resolve());
  });
  if (process.platform !== 'win32') chmodSync(where, 0o600);
  const body: Announce = { path: where, secret, pid: process.pid };
  // Atomic and 0600, but not synced: after a crash it names a dead socket either way.
  await writeFileAtomic(announce, JSON.stringify(body), { mode: 0o600, durable: false });
  log.info('command-line socket ready', { path: where });
  return {
    path: where,
    async close() {
      rmSync(announce, { force: true });
      // A `logs -f` left running must not hold the app's quit: its command ends with the app.
      const closed = new Promise<void>((r) => server.close(() => r()));
      open.forEach((sock) => sock.destroy());
      await closed;
    },
  };
}
