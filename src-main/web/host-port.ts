/**
 * The browser host's port, kept per data folder. A returning person's browser then finds the same
 * origin: its cache (the page's scripts have hashed names and are sent as immutable) and the
 * page's own storage (the workspace console's history, recent disks) serve the next launch
 * too. A new port each launch was a new origin each time: a cold page and an empty localStorage.
 * Jupyter and `code serve-web` also keep to one port by default. The launch's token and cookie
 * still change every time (server.ts): a tab from an earlier launch is refused, as before.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';

const FILE = 'browser-host-port';
/** A port is at most 5 digits; a longer file is not ours. */
const MAX_BYTES = 16;
/** Below 1024 a port needs privileges on most systems: never one we chose. */
const LOWEST = 1024;

/** The port this data folder's host listened on last, if one is kept and sound. */
export function rememberedPort(dataDir: string): number | undefined {
  const buf = Buffer.alloc(MAX_BYTES + 1);
  let n: number;
  try {
    // Bounded: the file could be anything (a FIFO, /dev/zero behind a link), never read whole.
    const fd = openSync(path.join(dataDir, FILE), 'r');
    try {
      n = readSync(fd, buf, 0, buf.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined; // none kept yet, or unreadable: any free port, and keep that one
  }
  if (n > MAX_BYTES) return undefined;
  const text = buf.subarray(0, n).toString('utf8').trim();
  if (!/^\d{4,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= LOWEST && port <= 65535 ? port : undefined;
}

/** Keeps `port` for the next launch (atomically, 0600; nothing durable depends on it). */
export async function rememberPort(dataDir: string, port: number): Promise<void> {
  const { writeFileAtomic } = await import('../agent/files/atomic-write');
  await writeFileAtomic(path.join(dataDir, FILE), `${port}\n`, { mode: 0o600, durable: false });
}
