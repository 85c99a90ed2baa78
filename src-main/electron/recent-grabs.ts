/**
 * The kubeconfigs and VPN profiles grabbed lately, for the tray's one-click re-grab: a short list
 * in <data folder>/recent-grabs.json (names and ids, never a file's content). One entry per file
 * (kind, zone, id), newest first, at most PER_ZONE per zone and MAX in all. Its own module so it
 * can move into a host settings store should one arrive.
 */
import { z } from 'zod';
import type { Logger } from '../agent/log';
import type { RecentGrab } from '../contract/desktop';
import { SmallJsonFile } from './small-json-file';

const PER_ZONE = 5;
const MAX = 30;

const text = z.string().min(1).max(4096);
const entry = z.object({
  kind: z.enum(['kubeconfig', 'vpn']),
  zone: z.string().min(1).max(64),
  id: z.string().min(1).max(200),
  name: z.string().min(1).max(200),
  mode: z.enum(['save', 'merge']).optional(),
  dir: text.optional(),
  path: text,
  at: z.number().finite().nonnegative(),
});

const sameFile = (a: RecentGrab, b: RecentGrab) => a.kind === b.kind && a.zone === b.zone && a.id === b.id;

/** Newest first, one per file, bounded per zone and in all. */
function bounded(list: readonly RecentGrab[]): RecentGrab[] {
  const out: RecentGrab[] = [];
  const perZone = new Map<string, number>();
  for (const g of [...list].sort((a, b) => b.at - a.at)) {
    if (out.length >= MAX || out.some((o) => sameFile(o, g))) continue;
    const n = perZone.get(g.zone) ?? 0;
    if (n >= PER_ZONE) continue;
    perZone.set(g.zone, n + 1);
    out.push(g);
  }
  return out;
}

export class RecentGrabs {
  private readonly file: SmallJsonFile;
  private items: RecentGrab[];
  private readonly listeners = new Set<() => void>();

  constructor(dataDir: string, log: Logger) {
    this.file = new SmallJsonFile(dataDir, 'recent-grabs.json', log);
    const raw = this.file.read();
    // Entry by entry: one bad entry (a hand edit, an older version) costs only itself.
    const list = Array.isArray(raw) ? raw : [];
    this.items = bounded(list.flatMap((r) => entry.safeParse(r).data ?? []) as RecentGrab[]);
  }

  list(): RecentGrab[] {
    return this.items.map((g) => ({ ...g }));
  }

  add(grab: RecentGrab): Promise<void> {
    this.items = bounded([grab, ...this.items.filter((g) => !sameFile(g, grab))]);
    for (const l of [...this.listeners]) l();
    return this.file.write(this.items);
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
