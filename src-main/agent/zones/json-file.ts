/**
 * One JSON object kept in a file, written whole and atomically (a temporary file renamed over it),
 * readable by its owner only. The zone registry used `conf` for this, and conf's schema validator
 * (ajv, ajv-formats), semver and file helpers were ~50 ms of the agent's start-up to load, for
 * a feature the registry never used: it checks its records itself (zone-types.ts).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../log';

export class JsonFile {
  readonly path: string;

  /** Reads the file once, so a file that is not JSON throws here (a SyntaxError), as conf did. */
  constructor(
    private readonly dir: string,
    name: string,
    private readonly mode = 0o600,
  ) {
    this.path = join(dir, `${name}.json`);
    void this.store;
  }

  /** The object in the file, read now; {} when there is no file yet. */
  get store(): Record<string, unknown> {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
    return Object.assign({}, JSON.parse(text) as Record<string, unknown>);
  }

  set store(value: Record<string, unknown>) {
    mkdirSync(this.dir, { recursive: true });
    // Tab-indented, as conf wrote it: the files already on disk keep their look.
    const tmp = `${this.path}.tmp-${process.pid}-${Date.now()}`;
    try {
      writeFileSync(tmp, JSON.stringify(value, undefined, '\t'), { mode: this.mode });
      renameSync(tmp, this.path);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
  }
}

/** The file, or — when it is not JSON at all — a fresh one, the old moved aside (not deleted). */
export function openJsonFile(dataDir: string, name: string, log?: Logger): JsonFile {
  const make = () => new JsonFile(dataDir, name);
  try {
    return make();
  } catch (err) {
    const file = join(dataDir, `${name}.json`);
    if (!(err instanceof SyntaxError) || !existsSync(file)) throw err;
    const aside = `${file}.corrupt-${Date.now()}`;
    renameSync(file, aside);
    log?.warn(`${name}.json was not JSON; moved it aside and started empty`, { aside, err });
    return make();
  }
}
