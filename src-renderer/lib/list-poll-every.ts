/**
 * How often a live list is read again, by its length (issue #16 goal 6). Each read of a long list
 * moves its whole reply (20,000 containers: ~10 MB) through the agent even when nothing changed,
 * and the platform API has no "changed since", so a long list is read less often: every 3 s up to
 * 6,000 rows, then 0.5 ms per row (20,000 rows: 10 s), never less often than every 30 s. A change
 * made here still shows at once (the action's record is put in, the list invalidated).
 */
const DEFAULT_BASE_MS = 3_000;
const PER_ROW_MS = 0.5;
const MOST_MS = 30_000;
// The base is the person's "how often long lists refresh" (Settings); the poll reads it each time.
let baseMs = DEFAULT_BASE_MS;

/** Sets the base interval from Settings (seconds); a long list still slows down past it. */
export function setListRefreshSeconds(seconds: number): void {
  baseMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_BASE_MS;
}

/**
 * Rows shown as one list although read as several (All zones: each zone's list is polled on its
 * own): each screen that merges lists says how many rows it shows, and every list polls as slowly
 * as the longest such screen asks. Twenty zones of 5,000 containers are 100,000 rows read through
 * the agent, not twenty lists of 5,000 to read every 3 s each (issue #28).
 */
const together = new Map<symbol, number>();

/** For a screen that merges lists: `set` the rows it shows, `done` when it goes. */
export function pollTogether(): { set(rows: number): void; done(): void } {
  const id = Symbol('merged list');
  return {
    set: (rows) => void together.set(id, rows),
    done: () => void together.delete(id),
  };
}

/** The poll interval (ms) of a list holding `rows` rows (none read yet: the base). */
export function listPollMs(rows: number): number {
  let n = rows;
  for (const shown of together.values()) n = Math.max(n, shown);
  return Math.min(Math.max(MOST_MS, baseMs), Math.max(baseMs, n * PER_ROW_MS));
}

/** "Refreshes every 10 s": what the list says of its interval (whole seconds). */
export function refreshWords(ms: number): string {
  return `Refreshes every ${Math.max(1, Math.round(ms / 1000))} s`;
}
