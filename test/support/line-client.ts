/**
 * A raw client of the command line's socket (cli/socket-server.ts) for tests that send what the
 * real client never would: every line the host writes is kept, parsed when it is JSON.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ANNOUNCE_FILE, type Announce } from '../../src-main/cli/socket-wire';

export interface LineClient {
  sock: net.Socket;
  /** Every line the host sent, parsed. */
  lines: Record<string, unknown>[];
  closed: Promise<void>;
  send(text: string): void;
  /** Resolves once `test` holds for a line, or rejects after `ms`. */
  until(test: (m: Record<string, unknown>) => boolean, ms?: number): Promise<Record<string, unknown>>;
}

export function announced(dataDir: string): Announce {
  return JSON.parse(readFileSync(path.join(dataDir, ANNOUNCE_FILE), 'utf8')) as Announce;
}

export async function lineClient(where: string): Promise<LineClient> {
  const sock = net.connect(where);
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let pending = '';
  sock.on('data', (c: Buffer) => {
    pending += c.toString();
    let nl: number;
    while ((nl = pending.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(pending.slice(0, nl)) as Record<string, unknown>);
      pending = pending.slice(nl + 1);
    }
    waiters.forEach((w) => w());
  });
  sock.on('error', () => sock.destroy());
  const closed = new Promise<void>((r) => sock.once('close', () => r()));
  await new Promise<void>((resolve, reject) => sock.once('connect', resolve).once('error', reject));
  return {
    sock,
    lines,
    closed,
    send: (text) => void sock.write(`${text}\n`),
    until(test, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = lines.find(test);
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such line in ${ms} ms; got ${JSON.stringify(lines).slice(0, 500)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
}

/** A client that has said hello with the announced secret. */
export async function helloClient(dataDir: string): Promise<LineClient> {
  const a = announced(dataDir);
  const c = await lineClient(a.path);
  c.send(JSON.stringify({ t: 'hello', secret: a.secret }));
  await c.until((m) => m.t === 'hello' && m.ok === true);
  return c;
}
