/**
 * Rollouts on disk: one JSON file per rollout in `<data folder>/rollouts/`, written whole and
 * atomically (files/atomic-write.ts: 0600, temp file, fsync, rename), so a crash leaves the last
 * state or the one before, never half of one. Saves of one rollout are queued in order. A file
 * that does not read as a rollout is left alone and skipped (the log says which).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Rollout } from '../../contract/commands-rollouts';
import { isRecord } from '../../contract/tolerant';
import { writeFileAtomic } from '../files/atomic-write';
import type { Logger } from '../log';

export const ROLLOUTS_FOLDER = 'rollouts';
const ID = /^[a-z0-9-]{8,64}$/;

function looksLikeRollout(v: unknown): v is Rollout {
  return (
    isRecord(v) &&
    typeof v.id === 'string' &&
    ID.test(v.id) &&
    Array.isArray(v.targets) &&
    isRecord(v.plan) &&
    typeof v.status === 'string'
  );
}

export class RolloutStore {
  private readonly dir: string;
  private readonly queue = new Map<string, Promise<void>>();

  constructor(
    dataDir: string,
    private readonly log: Logger,
  ) {
    this.dir = path.join(dataDir, ROLLOUTS_FOLDER);
  }

  fileOf(id: string): string {
    if (!ID.test(id)) throw new Error(`not a rollout id: ${id}`);
    return path.join(this.dir, `${id}.json`);
  }

  /** Every rollout kept, oldest first. */
  loadAll(): Rollout[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    const out: Rollout[] = [];
    for (const name of names) {
      try {
        const v: unknown = JSON.parse(readFileSync(path.join(this.dir, name), 'utf8'));
        if (looksLikeRollout(v) && `${v.id}.json` === name) out.push(v);
        else this.log.warn('skipped a file in the rollouts folder that is not a rollout', { name });
      } catch (err) {
        this.log.warn('could not read a rollout file', { name, err });
      }
    }
    return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Queues a save of this state (a copy is taken now); resolves once it is on disk. */
  save(r: Rollout): Promise<void> {
    const text = JSON.stringify(r, undefined, 2);
    const file = this.fileOf(r.id);
    const prev = this.queue.get(r.id) ?? Promise.resolve();
    const next = prev
      .catch(() => {})
      .then(() => writeFileAtomic(file, text, { log: this.log }))
      .then(() => {});
    this.queue.set(r.id, next);
    return next;
  }

  /** Waits for every queued save. */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.queue.values()]);
  }
}
