/**
 * Tiny JSON snapshots for --data-dir: load once at start, write (debounced, atomically via a temp
 * file and rename, mode 0600) after changes. Modules may use it; none has to.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function loadSnapshot<T>(dataDir: string | undefined, name: string): T | undefined {
  if (!dataDir) return undefined;
  try {
    return JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${join(dataDir, name)}: ${(err as Error).message}`, { cause: err });
  }
}

export function writeSnapshotNow(dataDir: string, name: string, value: unknown): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, name);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
  renameSync(tmp, file);
}

/** Returns `schedule()` (debounced write) and `flush()` (write now if pending; call on close). */
export function snapshotWriter(dataDir: string | undefined, name: string, get: () => unknown, delayMs = 250) {
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (!timer || !dataDir) return;
    clearTimeout(timer);
    timer = undefined;
    writeSnapshotNow(dataDir, name, get());
  };
  return {
    schedule() {
      if (!dataDir || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        writeSnapshotNow(dataDir, name, get());
      }, delayMs);
      timer.unref();
    },
    flush,
  };
}
