/**
 * A small JSON file of the host's own in the data folder (desktop settings, recent grabs). Read
 * tolerantly: a missing, unreadable or broken file reads as nothing (logged), never a crash at
 * start. Written with the agent's atomic writer (temp file, fsync, rename), 0600; writes are queued
 * so the newest state is the one left on disk.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../agent/files/atomic-write';
import type { Logger } from '../agent/log';

export class SmallJsonFile {
  readonly path: string;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    dataDir: string,
    name: string,
    private readonly log: Logger,
  ) {
    this.path = join(dataDir, name);
  }

  /** The parsed file, or undefined when there is none or it cannot be read as JSON. */
  read(): unknown {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn('could not read a file', { file: this.path, err });
      return undefined;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      this.log.warn('a file is not JSON; its defaults are used and it is rewritten on the next change', {
        file: this.path,
      });
      return undefined;
    }
  }

  /** Resolves once written; a failure is logged, not thrown (the state stays in memory). */
  write(value: unknown): Promise<void> {
    const text = `${JSON.stringify(value, null, 2)}\n`;
    this.queue = this.queue
      .then(() => writeFileAtomic(this.path, text, { mode: 0o600, log: this.log }))
      .then(
        () => undefined,
        (err: unknown) => this.log.warn('could not save a file', { file: this.path, err }),
      );
    return this.queue;
  }
}
