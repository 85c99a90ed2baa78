/**
 * Shared mode: the running app's agent over its socket (socket-server.ts). The secret is read
 * from the 0600 announce file and sent as the first line; it is never put in argv or the
 * environment. No announce file, or nobody answering, means no app: the caller goes standalone.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { StreamOut } from '../agent/agent-types';
import { AGENT_CODES, AgentError } from '../contract/errors';
import type { AgentEventName } from '../contract/protocol';
import type { AgentLink } from './link';
import { socketProblem } from './socket-place';
import {
  ANNOUNCE_FILE,
  type Announce,
  type CliClientMessage,
  lineReader,
  MAX_LINE_BYTES,
  type WireServerMessage,
} from './socket-wire';

/** How long a live app may take to say hello; a dead socket fails at once. */
const HELLO_MS = 3000;

function readAnnounce(dataDir: string): Announce | undefined {
  try {
    const a = JSON.parse(readFileSync(path.join(dataDir, ANNOUNCE_FILE), 'utf8')) as Partial<Announce>;
    return typeof a.path === 'string' && typeof a.secret === 'string' ? (a as Announce) : undefined;
  } catch {
    return undefined;
  }
}

export async function socketLink(dataDir: string): Promise<AgentLink | undefined> {
  const a = readAnnounce(dataDir);
  if (!a) return undefined;
  // The secret goes only to a socket this user owns, in a folder nobody else can write to.
  const unsafe = process.platform === 'win32' ? undefined : socketProblem(a.path);
  if (unsafe && unsafe !== 'missing') {
    process.stderr.write(`zonedeck: not using the app's socket at ${a.path} (${unsafe}); running on its own.\n`);
    return undefined;
  }
  if (unsafe) return undefined;
  const sock = net.connect(a.path);
  const pending = new Map<number, (m: Extract<WireServerMessage, { t: 'reply' }>) => void>();
  const streams = new Map<string, Set<(m: StreamOut) => void>>();
  const events = new Set<(name: AgentEventName, payload: unknown) => void>();
  let hello: ((ok: boolean) => void) | undefined;
  let nextId = 1;
  const send = (m: CliClientMessage) => sock.write(`${JSON.stringify(m)}\n`);

  const onLine = (line: string) => {
    let m: WireServerMessage;
    try {
      m = JSON.parse(line) as WireServerMessage;
    } catch {
      return void sock.destroy(); // not the app speaking: what is pending is answered as closed
    }
    if (m.t === 'hello') hello?.(m.ok);
    else if (m.t === 'refused') process.stderr.write(`zonedeck: the app refused a message: ${m.error.message}\n`);
    else if (m.t === 'reply') {
      pending.get(m.id)?.(m);
      pending.delete(m.id);
    } else if (m.t === 'event') events.forEach((l) => l(m.name as AgentEventName, m.payload));
    else {
      const out = (m.kind === 'data' ? { ...m, data: Buffer.from(m.b64, 'base64') } : m) as StreamOut;
      streams.get(m.sid)?.forEach((l) => l(out));
    }
  };
  sock.on(
    'data',
    lineReader(onLine, () => sock.destroy()),
  );

  const ok = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), HELLO_MS);
    hello = (ok) => {
      clearTimeout(timer);
      resolve(ok);
    };
    sock.once('error', () => resolve(false));
    sock.once('close', () => resolve(false));
    sock.once('connect', () => send({ t: 'hello', secret: a.secret }));
  });
  if (!ok) {
    sock.destroy();
    return undefined;
  }
  const gone = { status: 0, code: 'app_closed', message: 'The app closed while the command was running.' };
  let closed = false;
  sock.on('error', () => sock.destroy()); // followed by 'close', which answers what is pending
  sock.on('close', () => {
    closed = true;
    pending.forEach((r, id) => r({ t: 'reply', id, ok: false, error: gone }));
    pending.clear();
    // A console or a followed run waits on its stream: end it as the zone would.
    streams.forEach((set, sid) => set.forEach((l) => l({ t: 'stream', sid, kind: 'end', error: gone })));
  });

  const request = (m: { t: 'invoke'; command: string; input: unknown } | { t: 'open'; link: string }) =>
    new Promise<Extract<WireServerMessage, { t: 'reply' }>>((resolve) => {
      const id = nextId++;
      if (closed) return resolve({ t: 'reply', id, ok: false, error: gone });
      const line = JSON.stringify({ ...m, id });
      if (Buffer.byteLength(line) >= MAX_LINE_BYTES) {
        const message = `This input is too large for the app's socket (over ${MAX_LINE_BYTES} bytes).`;
        return resolve({ t: 'reply', id, ok: false, error: { status: 0, code: AGENT_CODES.validation, message } });
      }
      pending.set(id, resolve);
      sock.write(`${line}\n`);
    });

  return {
    mode: 'shared',
    async invoke(command, input) {
      const reply = await request({ t: 'invoke', command, input });
      if (!reply.ok) throw AgentError.from(reply.error);
      return reply.result as never;
    },
    // The app restored its sessions when it started.
    sessionsRestored: async () => {},
    onStream(sid, listener) {
      const set = streams.get(sid) ?? new Set();
      streams.set(sid, set.add(listener));
      return () => set.delete(listener);
    },
    sendStream: (msg) => {
      if (!closed) send(msg);
    },
    onEvent(listener) {
      events.add(listener);
      return () => events.delete(listener);
    },
    async openLink(link) {
      const reply = await request({ t: 'open', link });
      return reply.ok && reply.result === true;
    },
    async close() {
      if (!closed) await new Promise<void>((r) => sock.end(() => r()));
      sock.destroy();
    },
  };
}
