/**
 * Where kubeconfigs go on disk. By default one file per cluster under ~/.kube/zonedeck/, which
 * touches nothing of the user's own setup; on request a merge into the file kubectl itself would
 * write to (first of KUBECONFIG, else ~/.kube/config), with a backup of it first.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { type WriteResult, writeFileAtomic } from './atomic-write';
import { errnoCode, FILE_CODES, fileError, readError } from './file-errors';
import { withKubeconfigLock } from './kube-lock';
import { PRIVATE_FILE_MODE, type RenameFn } from './fs-steps';
import { backupStamp, clusterEntryName, shellQuote } from './names';
import type { Logger } from '../log';

// The YAML readers load when a kubeconfig is first written, not at start: the yaml package was
// ~40 ms of the host's start-up (docs/benchmarks.md).
const yamlSource = () => import('./kubeconfig-source');
const yamlMerge = () => import('./kubeconfig-merge');

export interface KubeconfigTargets {
  /** The file a merge writes: kubectl's own choice for `kubectl config set-*`. */
  target: string;
  /** Every file kubectl reads, in order (KUBECONFIG's list, or just ~/.kube/config). */
  files: string[];
  fromEnv: boolean;
}

/** `cwd`: where KUBECONFIG's relative entries are read from (a terminal's folder, not the agent's). */
export function kubeconfigTargets(env: NodeJS.ProcessEnv, home: string, cwd = process.cwd()): KubeconfigTargets {
  const files = (env.KUBECONFIG ?? '')
    .split(path.delimiter)
    .filter((f) => f.trim() !== '')
    .map((f) => path.resolve(cwd, f));
  const [first] = files;
  if (first) return { target: first, files, fromEnv: true };
  const fallback = path.join(home, '.kube', 'config');
  return { target: fallback, files: [fallback], fromEnv: false };
}

export interface SavedKubeconfig extends WriteResult {
  exportCommand: string;
  kubectlCommand: string;
}

export function clusterKubeconfigPath(home: string, zone: string, cluster: string): string {
  return path.join(home, '.kube', 'zonedeck', `${clusterEntryName(zone, cluster)}.yaml`);
}

/** Saves the downloaded kubeconfig as its own file, 0600, and says how to use it. */
export async function saveClusterKubeconfig(input: {
  home: string;
  zone: string;
  cluster: string;
  content: string;
  log?: Logger;
}): Promise<SavedKubeconfig> {
  const file = clusterKubeconfigPath(input.home, input.zone, input.cluster);
  // Refuse an error page or a truncated body before it replaces a working file.
  (await yamlSource()).renamedEntries(input.content, clusterEntryName(input.zone, input.cluster));
  const written = await writeFileAtomic(file, input.content, { mode: 0o600, ...(input.log ? { log: input.log } : {}) });
  const quoted = shellQuote(written.path);
  return {
    ...written,
    exportCommand: `export KUBECONFIG=${quoted}`,
    kubectlCommand: `kubectl --kubeconfig ${quoted} get nodes`,
  };
}

export interface MergeIntoInput {
  env: NodeJS.ProcessEnv;
  home: string;
  /** Where KUBECONFIG's relative entries are read from; the agent's own folder when absent. */
  cwd?: string;
  zone: string;
  cluster: string;
  content: string;
  setCurrent?: boolean;
  now?: Date;
  /** Test seam for the final swap (see atomic-write.ts). */
  rename?: RenameFn;
  /** How long to wait for kubectl's lock (<file>.lock) held by another program. */
  lockWaitMs?: number;
  log?: Logger;
}

export interface MergeIntoResult {
  target: string;
  /** The copy of the file as it was; null when there was no file yet. */
  backup: string | null;
  context: string;
  replaced: boolean;
}

/**
 * The mode a rewritten kubeconfig gets: 0600, or the original's if that was stricter (a user who
 * made it 0400 meant it). Group and other bits are never carried over; an owner-unreadable mode
 * would lock kubectl out of its own file, so that falls back to 0600.
 */
export function mergedFileMode(originalMode: number | undefined): number {
  if (originalMode === undefined) return PRIVATE_FILE_MODE;
  const owner = originalMode & PRIVATE_FILE_MODE;
  return owner & 0o400 ? owner : PRIVATE_FILE_MODE;
}

/**
 * Two merges into one file from one agent must not interleave their read-modify-write (queued
 * here); other processes are kept out by kubectl's own lock file (kube-lock.ts).
 */
const queues = new Map<string, Promise<unknown>>();
function serialised<T>(key: string, run: () => Promise<T>): Promise<T> {
  const result = (queues.get(key) ?? Promise.resolve()).then(run, run);
  // The tail only orders the queue; `result` carries the error to the caller.
  const tail = result.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return result;
}

/** Writes through a symlinked ~/.kube/config (dotfiles repos) instead of replacing the link. */
async function resolveTarget(file: string, log?: Logger): Promise<string> {
  try {
    return await fsp.realpath(file);
  } catch (e) {
    // No file yet is the usual case; anything else is worth a line, and the write will say more.
    if (errnoCode(e) !== 'ENOENT')
      log?.debug('could not resolve the kubeconfig path; writing to it as given', { file, err: e });
    return file;
  }
}

async function readExisting(file: string): Promise<{ bytes: Buffer; mode: number } | null> {
  try {
    const [bytes, stat] = await Promise.all([fsp.readFile(file), fsp.stat(file)]);
    return { bytes, mode: stat.mode };
  } catch (e) {
    if (errnoCode(e) === 'ENOENT') return null;
    throw readError(file, e);
  }
}

/** A backup name not taken yet: two merges in one second must not overwrite the first backup. */
async function freeBackupPath(target: string, now: Date): Promise<string> {
  const base = `${target}.zonedeck-backup-${backupStamp(now)}`;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    try {
      await fsp.lstat(candidate);
    } catch (e) {
      if (errnoCode(e) === 'ENOENT') return candidate;
      throw e;
    }
  }
}

/**
 * Merges a cluster's kubeconfig into the user's kubeconfig: parse and merge in memory first (an
 * invalid file is refused untouched), then a backup of the exact bytes, then the atomic swap.
 */
export async function mergeIntoKubeconfig(input: MergeIntoInput): Promise<MergeIntoResult> {
  const name = clusterEntryName(input.zone, input.cluster);
  const target = await resolveTarget(kubeconfigTargets(input.env, input.home, input.cwd).target, input.log);
  const locked = <T>(work: () => Promise<T>) =>
    withKubeconfigLock(target, work, {
      ...(input.lockWaitMs !== undefined ? { waitMs: input.lockWaitMs } : {}),
      ...(input.log ? { log: input.log } : {}),
    });
  return serialised(target, () =>
    locked(async () => {
      const existing = await readExisting(target);
      if (existing && (existing.mode & 0o200) === 0) {
        // kubectl refuses to write a file its owner made read-only; so do we, before any backup.
        throw fileError(
          FILE_CODES.readOnly,
          `${target} is read-only (mode ${(existing.mode & 0o777).toString(8).padStart(4, '0')}), so Zonedeck leaves it as it is. Make it writable (chmod u+w) to merge, or use Download kubeconfig for a file of its own.`,
          target,
        );
      }
      const { mergeKubeconfig } = await yamlMerge();
      const merged = mergeKubeconfig(existing ? existing.bytes.toString('utf8') : '', input.content, {
        name,
        setCurrent: input.setCurrent ?? false,
        targetLabel: target,
      });
      let backup: string | null = null;
      if (existing) {
        backup = await freeBackupPath(target, input.now ?? new Date());
        await writeFileAtomic(backup, existing.bytes, { mode: 0o600, ...(input.log ? { log: input.log } : {}) });
      }
      await writeFileAtomic(target, merged.text, {
        mode: mergedFileMode(existing?.mode),
        ...(input.log ? { log: input.log } : {}),
        ...(input.rename ? { rename: input.rename } : {}),
      });
      return { target, backup, context: merged.context, replaced: merged.replaced };
    }),
  );
}
