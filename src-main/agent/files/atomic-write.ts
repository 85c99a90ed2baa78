/**
 * Atomic, private file writes: a reader (kubectl, the VPN client) sees either the old file or the
 * complete new one, never half of it, and nobody else on the machine can read either.
 *
 * Steps: temp file in the SAME folder (rename is only atomic within one file system), opened 'wx'
 * (never follows a planted file or symlink) with mode 0600, data written (streamed, one chunk in
 * memory at a time), fsync, rename over the target, fsync of the folder. Any failure removes the
 * temp file and leaves the target as it was.
 */
import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { writeError } from './file-errors';
import type { Logger } from '../log';
import {
  chmodHandle,
  ensurePrivateDir,
  fsyncDir,
  PRIVATE_FILE_MODE,
  removeQuietly,
  renameWithRetry,
  safeMode,
  type RenameFn,
} from './fs-steps';

export type WriteData = string | Uint8Array | AsyncIterable<Uint8Array>;

export interface AtomicWriteOptions {
  /** File mode; "other" bits are always dropped. Default 0600. */
  mode?: number;
  /** Called with the running total of bytes written. */
  onProgress?(bytes: number): void;
  /** Test seam: a rename that fails simulates a crash between the temp write and the swap. */
  rename?: RenameFn;
  /** Where clean-up failures on the way (a temp file left behind) are told. */
  log?: Logger;
  /**
   * false: no fsync of the file or its folder. Only for a file that means nothing after a crash
   * (the command-line socket's announce file names a socket that dies with the process): a
   * loaded disk took hundreds of ms to sync it, in front of the host's ready line (issue #28).
   */
  durable?: boolean;
}

export interface WriteResult {
  path: string;
  bytes: number;
}

/** A synced, closed temp file waiting to be moved into place. */
export interface TempFile {
  tempPath: string;
  bytes: number;
}

/** Names stay short so a long target name cannot push the temp name past NAME_MAX. */
function tempName(dir: string, base: string): string {
  const stem = base.replace(/^\.+/, '').slice(0, 80) || 'file';
  return path.join(dir, `.${stem}.${randomBytes(6).toString('hex')}.tmp`);
}

function isAsyncIterable(data: WriteData): data is AsyncIterable<Uint8Array> {
  return typeof data === 'object' && data !== null && Symbol.asyncIterator in data;
}

function toBytes(chunk: Uint8Array | string): Uint8Array {
  // Streams opened with an encoding yield strings; accept them rather than write "[object]".
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/** FileHandle.write may write less than asked; loop until the chunk is on disk. */
async function writeAll(handle: fsp.FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset, null);
    offset += bytesWritten;
  }
}

/**
 * Writes `data` into a fresh temp file in `dir` and syncs it. On failure the temp file is gone
 * and the error (an AgentError naming `displayPath`) is thrown.
 */
export async function writeTempFile(
  dir: string,
  baseName: string,
  data: WriteData,
  options: Omit<AtomicWriteOptions, 'rename'> & { displayPath?: string } = {},
): Promise<TempFile> {
  const mode = safeMode(options.mode ?? PRIVATE_FILE_MODE);
  const displayPath = options.displayPath ?? path.join(dir, baseName);
  const tempPath = tempName(dir, baseName);
  let handle: fsp.FileHandle | undefined;
  let bytes = 0;
  try {
    await ensurePrivateDir(dir);
    handle = await fsp.open(tempPath, 'wx', mode);
    // open's mode passes through the umask; a umask of 0 must not make the file wider than asked.
    await chmodHandle(handle, mode);
    if (isAsyncIterable(data)) {
      for await (const raw of data) {
        const chunk = toBytes(raw);
        await writeAll(handle, chunk);
        bytes += chunk.byteLength;
        options.onProgress?.(bytes);
      }
    } else {
      const chunk = toBytes(data);
      await writeAll(handle, chunk);
      bytes = chunk.byteLength;
      options.onProgress?.(bytes);
    }
    if (options.durable !== false) await handle.sync();
    await handle.close();
    handle = undefined;
    return { tempPath, bytes };
  } catch (e) {
    // The write failed and that error is thrown; a failing close on the way out only goes to the log.
    await handle
      ?.close()
      .catch((err: unknown) => options.log?.debug('could not close a failed temp file', { tempPath, err }));
    await removeQuietly(tempPath, options.log);
    throw writeError(displayPath, e);
  }
}

/** Moves a synced temp file over `target` (replacing it) and makes the swap durable. */
export async function commitTempFile(
  temp: TempFile,
  target: string,
  rename?: RenameFn,
  log?: Logger,
  durable = true,
): Promise<void> {
  try {
    await renameWithRetry(temp.tempPath, target, rename);
  } catch (e) {
    await removeQuietly(temp.tempPath, log);
    throw writeError(target, e);
  }
  if (durable) await fsyncDir(path.dirname(target), log);
}

/** Writes `target` atomically with mode 0600 (or stricter); creates its folder as 0700. */
export async function writeFileAtomic(
  target: string,
  data: WriteData,
  options: AtomicWriteOptions = {},
): Promise<WriteResult> {
  const resolved = path.resolve(target);
  const { rename, ...rest } = options;
  const temp = await writeTempFile(path.dirname(resolved), path.basename(resolved), data, rest);
  await commitTempFile(temp, resolved, rename, options.log, options.durable !== false);
  return { path: resolved, bytes: temp.bytes };
}
