/**
 * The app's agent socket, as both ends see it: where it is announced, and the messages. One JSON
 * object per line; the first line from the command line is `hello` with the per-launch secret;
 * after that the renderer's own protocol (contract/protocol.ts), console bytes in base64.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { ClientMessage } from '../contract/protocol';

/** `<dataDir>/agent-socket.json` (0600): where the socket is and the secret that opens it. */
export const ANNOUNCE_FILE = 'agent-socket.json';

export interface Announce {
  path: string;
  secret: string;
  pid: number;
}

export type CliClientMessage =
  | { t: 'hello'; secret: string }
  | ClientMessage
  /** Hand a zonedeck:// link to the window. */
  | { t: 'open'; id: number; link: string };

export type WireServerMessage =
  | { t: 'hello'; ok: true }
  | { t: 'reply'; id: number; ok: true; result: unknown }
  | { t: 'reply'; id: number; ok: false; error: { status: number; code: string; message: string } }
  | { t: 'stream'; sid: string; kind: 'data'; b64: string }
  | { t: 'stream'; sid: string; kind: 'event'; event: unknown }
  | { t: 'stream'; sid: string; kind: 'end'; error?: { status: number; code: string; message: string } }
  | { t: 'event'; name: string; payload: unknown };

/**
 * The socket's path: in the data folder (0700) where it fits a Unix socket's ~104-byte limit,
 * else in the temp folder under a name made from the data folder; a named pipe on Windows.
 */
export function socketPath(dataDir: string, platform = process.platform, tmp = os.tmpdir()): string {
  const tag = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  if (platform === 'win32') return `\\\\.\\pipe\\zonedeck-${tag}`;
  const inData = path.join(dataDir, 'agent.sock');
  return Buffer.byteLength(inData) < 100 ? inData : path.join(tmp, `zonedeck-${process.getuid?.() ?? 0}-${tag}.sock`);
}

/** Splits a byte stream into lines; bounded, so a peer cannot make the other end hold gigabytes. */
export function lineReader(onLine: (line: string) => void, onTooLong: () => void, max = 64 * 1024 * 1024) {
  let pending = '';
  return (chunk: Buffer | string) => {
    pending += chunk.toString();
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      if (line) onLine(line);
    }
    if (pending.length > max) {
      pending = '';
      onTooLong();
    }
  };
}
