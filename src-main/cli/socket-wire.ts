/**
 * The app's agent socket, as both ends see it: where it is announced, and the messages. One JSON
 * object per line; the first line from the command line is `hello` with the per-launch secret;
 * after that the renderer's own protocol (contract/protocol.ts), console bytes in base64.
 */
import type { AgentErrorData } from '../contract/errors';
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
  /** The first line was not a hello with the secret: said, then the socket closes. */
  | { t: 'hello'; ok: false; error: AgentErrorData }
  | { t: 'reply'; id: number; ok: true; result: unknown }
  | { t: 'reply'; id: number; ok: false; error: { status: number; code: string; message: string } }
  | { t: 'stream'; sid: string; kind: 'data'; b64: string }
  | { t: 'stream'; sid: string; kind: 'event'; event: unknown }
  | { t: 'stream'; sid: string; kind: 'end'; error?: { status: number; code: string; message: string } }
  | { t: 'event'; name: string; payload: unknown }
  /** A line the app could not take and could not pin on a call's id (contract/client-frames.ts). */
  | { t: 'refused'; error: AgentErrorData };

/** The longest line the app's socket reads: a command's input with room to spare; a longer one is refused unread. */
export const MAX_LINE_BYTES = 1024 * 1024;

/**
 * Splits a byte stream into lines, on bytes (a character split across chunks stays whole). A line
 * over `max` bytes is never held: `onTooLong` is called once and the reader stops.
 */
export function lineReader(onLine: (line: string) => void, onTooLong: () => void, max = 64 * 1024 * 1024) {
  let parts: Buffer[] = [];
  let held = 0;
  let done = false;
  return (chunk: Buffer | string) => {
    if (done) return;
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let nl: number;
    while ((nl = buf.indexOf(0x0a)) >= 0) {
      if (held + nl > max) break;
      parts.push(buf.subarray(0, nl));
      const line = Buffer.concat(parts).toString('utf8');
      parts = [];
      held = 0;
      buf = buf.subarray(nl + 1);
      if (line) onLine(line);
    }
    if (held + (nl >= 0 ? nl : buf.length) > max) {
      done = true;
      parts = [];
      return onTooLong();
    }
    if (buf.length) {
      parts.push(buf);
      held += buf.length;
    }
  };
}
