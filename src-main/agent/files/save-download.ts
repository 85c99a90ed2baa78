/**
 * Saving a download (VPN profile, log archive) into a folder the user picked. Unlike kubeconfigs,
 * an existing file of the same name is never replaced: it may be another zone's profile. The new
 * file gets " (2)", " (3)" … like a browser download would.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { AgentError } from '../../contract/errors';
import { commitTempFile, type TempFile, type WriteResult, writeTempFile } from './atomic-write';
import { errnoCode, FILE_CODES, writeError } from './file-errors';
import { fsyncDir, removeQuietly } from './fs-steps';
import { numberedName, sanitizeFileName } from './names';
import type { Logger } from '../log';

export interface SaveDownloadInput {
  dir: string;
  /** As suggested by the zone; sanitised here. */
  fileName: string;
  body: AsyncIterable<Uint8Array>;
  onProgress?(bytes: number): void;
  log?: Logger;
}

const MAX_TRIES = 1000;

async function exists(file: string): Promise<boolean> {
  try {
    await fsp.lstat(file);
    return true;
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') return false;
    throw e;
  }
}

/**
 * link(2) fails with EEXIST instead of replacing, so "pick a free name" and "take it" are one
 * step even if something else writes to the folder meanwhile. Returns false when the name is taken.
 * File systems without hard links (FAT, some network shares) fall back to check-then-rename.
 */
async function claim(temp: TempFile, target: string, log?: Logger): Promise<boolean> {
  try {
    await fsp.link(temp.tempPath, target);
  } catch (e) {
    const code = errnoCode(e);
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EXDEV') throw e;
    if (await exists(target)) return false;
    await commitTempFile(temp, target, undefined, log);
    return true;
  }
  await removeQuietly(temp.tempPath, log);
  await fsyncDir(path.dirname(target), log);
  return true;
}

/** Streams `body` to a new 0600 file in `dir` (created 0700 if missing) with constant memory. */
export async function saveDownload(input: SaveDownloadInput): Promise<WriteResult> {
  const dir = path.resolve(input.dir);
  const name = sanitizeFileName(input.fileName);
  const temp = await writeTempFile(dir, name, input.body, {
    mode: 0o600,
    displayPath: path.join(dir, name),
    ...(input.onProgress ? { onProgress: input.onProgress } : {}),
    ...(input.log ? { log: input.log } : {}),
  });
  try {
    for (let n = 1; n <= MAX_TRIES; n++) {
      const target = path.join(dir, numberedName(name, n));
      if (await claim(temp, target, input.log)) return { path: target, bytes: temp.bytes };
    }
  } catch (e) {
    await removeQuietly(temp.tempPath, input.log);
    throw writeError(path.join(dir, name), e);
  }
  await removeQuietly(temp.tempPath, input.log);
  throw new AgentError({
    status: 0,
    code: FILE_CODES.writeFailed,
    message: `Could not save ${name} in ${dir}: every name up to "${numberedName(name, MAX_TRIES)}" is taken.`,
  });
}
