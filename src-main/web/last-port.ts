/**
 * The port the browser host listened on last time, kept in the data folder so the next start
 * listens there again: the page's origin (scheme, host, port) is then the same as before, and the
 * browser reuses what it cached for it — the hashed assets (served immutable) and V8's compiled
 * code for them. On a new port each start, every launch was a first visit (issue #28: ~600 kB
 * fetched and compiled again). A port taken by then is given up for any free one.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'browser-host.json';

/** The port saved last time, or undefined when there is none worth trying. */
export function lastPort(dataDir: string): number | undefined {
  try {
    const { port } = JSON.parse(readFileSync(path.join(dataDir, FILE), 'utf8')) as { port?: unknown };
    return typeof port === 'number' && Number.isInteger(port) && port >= 1024 && port <= 65535 ? port : undefined;
  } catch {
    return undefined; // none saved yet, or unreadable: any free port will do
  }
}

/** Saves the port for the next start; a failure only costs that start its cache. */
export function rememberPort(dataDir: string, port: number): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, FILE), `${JSON.stringify({ port })}\n`);
  } catch {
    // The next start picks a free port, as before.
  }
}

/** Whether listening failed only because the port is taken. */
export function portTaken(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}
