/**
 * The running app's agent for the command line (shared mode): a Unix socket (a named pipe on
 * Windows) in the data folder, mode 0600, opened only with a per-launch secret that is announced
 * in a 0600 file beside it. Both hosts start it after the agent, so `zonedeck` uses the window's
 * sign-ins instead of renewing the same refresh token in a second process.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Agent, Connection } from '../agent/agent-types';
import { writeFileAtomic } from '../agent/files';
import { type Logger, silentLogger } from '../agent/log';
import { type FrameRead, checkClientMessage, readFrame } from '../contract/client-frames';
import { AGENT_CODES } from '../contract/errors';
import type { ServerMessage } from '../contract/protocol';
import { chooseSocketPlace, forgetMadeFolder } from './socket-place';
import {
  ANNOUNCE_FILE,
  type Announce,
  type CliClientMessage,
  lineReader,
  MAX_LINE_BYTES,
  type WireServerMessage,
} from './socket-wire';

export interface AgentSocket {
  path: string;
  close(): Promise<void>;
}

/** The hello line is ~100 bytes. */
const HELLO_MAX_BYTES = 4096;
/** How long a connection may take to say hello before it is closed (the client sends it at once). */
export const HELLO_WAIT_MS = 5000;
/** How long a refused peer has to read why before its connection is cut. */
const CLOSE_GRACE_MS = 1000;
/** Connections still to say hello, at most: more are closed at once, so nobody holds sockets unasked. */
export const MAX_WAITING_HELLO = 32;

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

const refusal = (message: string) => ({ status: 0, code: AGENT_CODES.validation, message });

/** The command line's messages: the renderer's, and `open` with a link. */
function checkCliMessage(o: Record<string, unknown>): FrameRead<CliClientMessage> {
  if (o.t !== 'open') return checkClientMessage(o);
  if (!Number.isSafeInteger(o.id)) return { ok: false, error: refusal('An open needs a whole-number id.') };
  if (typeof o.link !== 'string')
    return { ok: false, id: o.id as number, error: refusal('An open needs a link (a string).') };
  return { ok: true, msg: { t: 'open', id: o.id as number, link: o.link } };
}

function serve(
  sock: net.Socket,
  agent: Agent,
  secret: string,
  openLink: (link: string) => boolean,
  log: Logger,
  helloDone: () => void,
): void {
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
  /** Says why, then closes: a client is never left waiting on a socket that took nothing. */
  let closing = false;
  let refused = 0;
  const refuseAndClose = (error: WireServerMessage) => {
    if (closing || sock.destroyed) return;
    // Said, then ended: whatever else arrives is dropped unread (so the close is not a reset that
    // could lose the line), and a peer that never reads is cut off after a second.
    closing = true;
    sock.end(`${JSON.stringify(error)}\n`);
    setTimeout(() => sock.destroy(), CLOSE_GRACE_MS).unref();
  };
  const helloTimer = setTimeout(() => {
    log.warn('closed a command-line connection that did not say hello in time');
    refuseAndClose({ t: 'hello', ok: false, error: refusal('No hello in time.') });
  }, HELLO_WAIT_MS);
  helloTimer.unref();
  const onHello = (line: string) => {
    const read = readFrame(line, HELLO_MAX_BYTES, (o) => ({ ok: true, msg: o }));
    if (!read.ok || read.msg.t !== 'hello' || !sameSecret(read.msg.secret, secret)) {
      log.warn('refused a command-line connection without the secret');
      return refuseAndClose({
        t: 'hello',
        ok: false,
        error: refusal('The first line must be a hello with the secret.'),
      });
    }
    clearTimeout(helloTimer);
    helloDone();
    authed = true;
    off = agent.onEvent((name, payload) => send({ t: 'event', name, payload }));
    log.info('command line connected', { conn: conn.id });
    send({ t: 'hello', ok: true });
  };
  const onLine = (line: string) => {
    if (!authed) return onHello(line);
    const read = readFrame(line, MAX_LINE_BYTES, checkCliMessage);
    if (!read.ok) {
      // Logged once per connection (and counted at its close): a flood does not fill the log.
      if (refused++ === 0)
        log.warn('answered a command-line message that did not pass', { conn: conn.id, reason: read.error.message });
      return send(
        read.id !== undefined
          ? { t: 'reply', id: read.id, ok: false, error: read.error }
          : { t: 'refused', error: read.error },
      );
    }
    const msg = read.msg;
    if (msg.t === 'invoke') {
      void agent.invoke(msg.command, msg.input, conn).then((reply) => send({ t: 'reply', id: msg.id, ...reply }));
    } else if (msg.t === 'open') {
      send({ t: 'reply', id: msg.id, ok: true, result: openLink(msg.link) });
    } else if (msg.t === 'stream') {
      agent.streamInput(msg, conn);
    } // A cancel: nothing on this socket is cancellable yet; the call is answered by its reply.
  };
  const read = lineReader(
    onLine,
    () => {
      log.warn('closed a command-line connection that sent a line over the limit', { conn: conn.id });
      refuseAndClose({ t: 'refused', error: refusal(`A message may be at most ${MAX_LINE_BYTES} bytes.`) });
    },
    MAX_LINE_BYTES,
  );
  sock.on('data', (chunk: Buffer) => {
    if (closing) return;
    // Before the secret, a hello is all there is to read: nobody gets to fill memory unasked.
    if (!authed && sock.bytesRead > HELLO_MAX_BYTES) {
      return refuseAndClose({
        t: 'hello',
        ok: false,
        error: refusal('The first line must be a hello with the secret.'),
      });
    }
    read(chunk);
  });
  sock.on('error', () => sock.destroy());
  sock.on('close', () => {
    if (refused > 1) log.warn('command-line connection closed after refused messages', { conn: conn.id, refused });
    clearTimeout(helloTimer);
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
  /** Called when a command line has said hello: it is about to use the agent (cli.ts's undici hold ends). */
  onClient?: () => void;
}

/** The socket a host of this data folder announced, if any (it may be gone). */
function announcedPath(announce: string): string | undefined {
  try {
    const a = JSON.parse(readFileSync(announce, 'utf8')) as Partial<Announce>;
    return typeof a.path === 'string' ? a.path : undefined;
  } catch {
    return undefined;
  }
}

export async function serveAgentSocket(o: AgentSocketOptions): Promise<AgentSocket> {
  const log = o.log ?? silentLogger;
  const announce = path.join(o.dataDir, ANNOUNCE_FILE);
  const secret = randomBytes(32).toString('hex');
  // Another host of the same data folder (a browser host beside the window) keeps its socket;
  // a socket nobody answers on was left by a host that crashed.
  const before = announcedPath(announce);
  if (before && (await answers(before))) throw new Error(`another Zonedeck serves the command line at ${before}`);
  if (before) forgetMadeFolder(before);
  const place = chooseSocketPlace(o.dataDir);
  const where = place.path;
  if (where !== before && (await answers(where)))
    throw new Error(`another Zonedeck serves the command line at ${where}`);
  if (process.platform !== 'win32') rmSync(where, { force: true });
  const openLink = o.openLink ?? ((link: string) => o.agent.openLink(link));
  const open = new Set<net.Socket>();
  let waiting = 0;
  const server = net.createServer((sock) => {
    if (waiting >= MAX_WAITING_HELLO) {
      sock.on('error', () => sock.destroy()).resume(); // read and dropped: a close after it is no reset
      sock.end(`${JSON.stringify({ t: 'hello', ok: false, error: refusal('Too many connections waiting.') })}\n`);
      return void setTimeout(() => sock.destroy(), CLOSE_GRACE_MS).unref();
    }
    waiting++;
    let counted = true;
    const helloDone = () => {
      if (counted) waiting--;
      counted = false;
    };
    open.add(sock.once('close', () => open.delete(sock) && helloDone()));
    serve(sock, o.agent, secret, openLink, log, () => {
      helloDone();
      o.onClient?.();
    });
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
      if (place.madeDir) rmSync(place.madeDir, { recursive: true, force: true });
    },
  };
}
