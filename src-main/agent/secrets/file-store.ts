/**
 * Secrets in a file, for a machine with no keychain (a server, a container), only when the person
 * chose it (`zonedeck login --insecure-storage`, or the app's settings): `<data folder>/secrets.json`,
 * 0600, each change written atomically. Not encrypted; the command line says so on every command.
 * Read and written whole on every call, so the app and a command line on the same folder never
 * overwrite each other's sessions with a stale copy.
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { KeychainStatus } from '../../contract/commands';
import { PROTO_KEYS } from '../../contract/zone-words';
import { writeFileAtomic } from '../files/atomic-write';
import type { Logger } from '../log';
import { StatusHub } from './memory-store';
import type { SecretStore } from './secret-store';

export const SECRETS_FILE = 'secrets.json';

export interface FileSecretStore extends SecretStore {
  readonly path: string;
  /** Every entry, to carry them to another store. */
  entries(): [string, string][];
  /** Deletes the file (the person turned file storage off; its entries were carried elsewhere). */
  remove(): void;
}

function fileStoreStatus(file: string): KeychainStatus {
  return {
    state: 'ok',
    file,
    reason: 'Sign-ins are stored in a file, not the keychain, as chosen',
    hint: `${file} is not encrypted: anyone who can read it can use your sessions.`,
  };
}

export function createFileSecretStore(dataDir: string, log?: Logger): FileSecretStore {
  const file = path.join(dataDir, SECRETS_FILE);
  const hub = new StatusHub(fileStoreStatus(file), log);
  let queue: Promise<unknown> = Promise.resolve();

  const read = (): Map<string, string> => {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') log?.warn('the secrets file could not be read', { err });
      return new Map();
    }
    const entries = typeof raw === 'object' && raw !== null ? (raw as { entries?: unknown }).entries : undefined;
    const map = new Map<string, string>();
    if (typeof entries !== 'object' || entries === null) return map;
    for (const [k, v] of Object.entries(entries)) if (typeof v === 'string' && !PROTO_KEYS.has(k)) map.set(k, v);
    return map;
  };
  const change = (edit: (m: Map<string, string>) => void): Promise<void> => {
    const next = queue.then(async () => {
      const map = read();
      edit(map);
      const text = `${JSON.stringify({ version: 1, entries: Object.fromEntries(map) }, null, 2)}\n`;
      await writeFileAtomic(file, text, { mode: 0o600, ...(log ? { log } : {}) });
    });
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    path: file,
    get: async (key) => read().get(key) ?? null,
    set: (key, value) => change((m) => m.set(key, value)),
    delete: (key) => change((m) => m.delete(key)),
    status: () => hub.get(),
    onStatus: (fn) => hub.on(fn),
    persistent: true,
    entries: () => [...read()],
    remove: () => rmSync(file, { force: true }),
  };
}
