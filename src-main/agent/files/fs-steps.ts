/**
 * Small file-system steps shared by the writers. Each one exists because of a specific way a
 * naive write loses data or leaks it; the comments say which.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { errnoCode, FILE_CODES, fileError } from './file-errors';
import type { Logger } from '../log';

/** Owner-only: a kubeconfig or VPN profile grants access to infrastructure. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Drops every "other" bit, whatever the caller asked for: these files are never world-readable. */
export function safeMode(mode: number): number {
  return mode & 0o777 & ~0o007;
}

/**
 * Creates `dir` (and missing parents) as 0700. mkdir's mode is filtered by the umask, so the
 * folders this call created are chmod-ed afterwards; folders that already existed are the user's
 * business and left alone.
 */
export async function ensurePrivateDir(dir: string): Promise<void> {
  const first = await fsp.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!first) return;
  let current = path.resolve(dir);
  const stop = path.dirname(path.resolve(first));
  while (current !== stop && current !== path.dirname(current)) {
    await fsp.chmod(current, PRIVATE_DIR_MODE);
    current = path.dirname(current);
  }
}

/**
 * Makes a rename durable: without syncing the folder, a power cut can bring back the old entry.
 * Best effort: Windows cannot open folders this way and some file systems refuse fsync on them.
 */
export async function fsyncDir(dir: string, log?: Logger): Promise<void> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(dir, 'r');
    await handle.sync();
  } catch (err) {
    // Durability of the folder entry is a bonus; the data itself is already synced.
    log?.debug('could not fsync the folder (expected on Windows and some file systems)', { dir, err });
  } finally {
    await handle?.close().catch((err: unknown) => log?.debug('could not close the folder handle', { dir, err }));
  }
}

/** Removes a temp file on the failure path; never masks the original error (a leftover is logged). */
export async function removeQuietly(file: string, log?: Logger): Promise<void> {
  await fsp
    .rm(file, { force: true })
    .catch((err: unknown) => log?.warn('could not remove a temp file; it is left behind', { file, err }));
}

/**
 * chmod on an open file. File systems without Unix modes (FAT on a USB stick) answer EPERM or
 * ENOTSUP; there is no permission to protect there, so that is not a reason to fail the save.
 */
export async function chmodHandle(handle: fsp.FileHandle, mode: number): Promise<void> {
  try {
    await handle.chmod(mode);
  } catch (e) {
    const code = errnoCode(e);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EINVAL') throw e;
  }
}

export type RenameFn = (from: string, to: string) => Promise<void>;

/**
 * rename(2) replaces the target atomically on POSIX. On Windows a virus scanner or an editor can
 * hold the target open for a moment (EPERM/EACCES/EBUSY), so a few short retries there.
 */
export async function renameWithRetry(from: string, to: string, rename: RenameFn = fsp.rename): Promise<void> {
  const attempts = process.platform === 'win32' ? 5 : 1;
  for (let i = 1; ; i++) {
    try {
      await rename(from, to);
      return;
    } catch (e) {
      const code = errnoCode(e);
      const transient = code === 'EPERM' || code === 'EACCES' || code === 'EBUSY';
      if (!transient || i >= attempts) throw e;
      await new Promise((r) => setTimeout(r, 25 * i));
    }
  }
}

/**
 * A rename that never replaces: link(2) fails when the name is taken, so a file that appeared
 * after the check is not overwritten. File systems without hard links (FAT) fall back to a check.
 */
export async function renameNoReplace(from: string, to: string): Promise<void> {
  try {
    await fsp.link(from, to);
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'EEXIST') throw fileError(FILE_CODES.exists, `${to} already exists. Replace it?`, to);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EXDEV') throw e;
    const taken = await fsp.lstat(to).then(
      () => true,
      () => false,
    );
    if (taken) throw fileError(FILE_CODES.exists, `${to} already exists. Replace it?`, to);
    await fsp.rename(from, to);
    return;
  }
  await fsp.unlink(from);
}
