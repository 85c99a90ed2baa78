/**
 * Commands sent from a workspace's CMS editor, kept across restarts in localStorage under the
 * zone and workspace (commands are not secrets), newest last, capped, with Up/Down recall the way
 * a shell does it: Up goes back, Down comes forward and ends on what was being typed.
 */

export const HISTORY_CAP = 200;

export function historyKey(zone: string, workspace: string): string {
  return `zd.cms-history.${zone}.${workspace}`;
}

/** Removes every workspace's history of `zone` (its session ended, or it was removed). */
export function forgetHistories(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>, zone: string): void {
  const prefix = historyKey(zone, '');
  const mine: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k?.startsWith(prefix)) mine.push(k);
  }
  for (const k of mine) storage.removeItem(k);
}

/** The stored list; a missing or unreadable entry is an empty history. */
export function loadHistory(storage: Pick<Storage, 'getItem'>, key: string): string[] {
  try {
    const v: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(-HISTORY_CAP) : [];
  } catch {
    return [];
  }
}

/** Appends a command (an immediate repeat is kept once), trims to the cap and stores it. */
export function pushHistory(storage: Pick<Storage, 'setItem'>, key: string, list: string[], cmd: string): string[] {
  const line = cmd.trim();
  if (!line) return list;
  const next = list.at(-1) === line ? list : [...list, line].slice(-HISTORY_CAP);
  try {
    storage.setItem(key, JSON.stringify(next));
  } catch {
    /* storage full or denied: the history still works for this session */
  }
  return next;
}

/** Up/Down over a history while a line is being typed. */
export class HistoryCursor {
  /** Position in the list; list.length means "the line being typed". */
  private at: number;
  private draft = '';
  constructor(private readonly list: readonly string[]) {
    this.at = list.length;
  }

  /** The older entry, or null at the oldest. `current` is kept to come back to. */
  up(current: string): string | null {
    if (this.at === 0 || this.list.length === 0) return null;
    if (this.at === this.list.length) this.draft = current;
    this.at--;
    return this.list[this.at]!;
  }

  /** The newer entry, the kept draft after the newest, or null when already there. */
  down(): string | null {
    if (this.at >= this.list.length) return null;
    this.at++;
    return this.at === this.list.length ? this.draft : this.list[this.at]!;
  }
}
