/**
 * The lock kubectl (client-go) takes around a kubeconfig write: `<file>.lock`, created O_EXCL and
 * removed afterwards. Holding it while we read, merge and swap means neither kubectl nor another
 * Zonedeck (a second window, the CLI) can change the file between our read and our rename.
 * kubectl gives up at once when the lock is taken; we wait a little, then say who to blame.
 */
import { promises as fsp } from 'node:fs';
import { errnoCode, FILE_CODES, fileError, writeError } from './file-errors';
import type { Logger } from '../log';

export interface LockOptions {
  /** How long to wait for another writer before giving up. */
  waitMs?: number;
  log?: Logger;
}

const DEFAULT_WAIT_MS = 3000;
const POLL_MS = 50;

/** Runs `work` holding `<file>.lock`; the lock is removed whatever `work` does. */
export async function withKubeconfigLock<T>(file: string, work: () => Promise<T>, o: LockOptions = {}): Promise<T> {
  const lock = `${file}.lock`;
  const end = Date.now() + (o.waitMs ?? DEFAULT_WAIT_MS);
  for (;;) {
    try {
      const handle = await fsp.open(lock, 'wx', 0o600);
      await handle.close();
      break;
    } catch (e) {
      const code = errnoCode(e);
      // No folder yet: nothing can be racing us on a file that cannot exist; the write creates it.
      if (code === 'ENOENT') return work();
      if (code !== 'EEXIST') throw writeError(lock, e);
      if (Date.now() >= end) {
        throw fileError(
          FILE_CODES.locked,
          `Another program is changing ${file} (its lock file ${lock} exists). If no kubectl or Zonedeck is writing it, delete ${lock} and try again.`,
          file,
        );
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
  try {
    return await work();
  } finally {
    await fsp
      .rm(lock, { force: true })
      .catch((err: unknown) => o.log?.warn('could not remove the kubeconfig lock file', { lock, err }));
  }
}
