/**
 * Paging a newest-first history by cursor (`before`, `limit`). The spec names the query, not the
 * reply: the next cursor is read as `next_before`, `next`, `cursor`, `next_cursor` (also a link
 * whose query holds one), or, when the zone says nothing and the page came back full, the last
 * item's id. Rows keep their place and identity; a poll of the newest page puts new rows on top.
 */
import { idOf, isRecord, listOf, pick, type Raw } from './tolerant';

export interface PageReply {
  items: Raw[];
  /** The cursor for the next (older) page; null when the zone says there is none. */
  next: string | null;
}

const CURSOR_KEYS = ['next_before', 'nextBefore', 'next_cursor', 'nextCursor', 'next', 'cursor', 'before'];

/** A cursor given as a link ("/runs?before=abc&limit=20"): its before/cursor parameter. */
function fromLink(v: string): string {
  if (!/[?&]/.test(v)) return v;
  const query = v.slice(v.indexOf('?') + 1);
  const params = new URLSearchParams(query);
  return params.get('before') ?? params.get('cursor') ?? params.get('after') ?? v;
}

function cursorIn(obj: Raw): string | null | undefined {
  for (const k of CURSOR_KEYS) {
    if (!(k in obj)) continue;
    const v = obj[k];
    if (v === null || v === false || v === '') return null;
    if (typeof v === 'string') return fromLink(v);
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

/** One page as the zone sent it, with the cursor to the next one (null: the last page). */
export function readPage(reply: unknown, limit: number): PageReply {
  const items = listOf(reply);
  let next: string | null | undefined;
  if (isRecord(reply)) {
    next = cursorIn(reply);
    for (const k of ['pagination', 'paging', 'meta', 'links', 'page']) {
      if (next === undefined && isRecord(reply[k])) next = cursorIn(reply[k]);
    }
  }
  if (next === undefined) {
    const last = items.at(-1);
    next = items.length >= limit && last ? (idOf(last) ?? pick(last, 'run_id') ?? null) : null;
  }
  return { items, next };
}

export type FetchPage = (before: string | undefined, limit: number) => Promise<unknown>;

/** The rows loaded so far and how to get more. Plain data; a store wraps it for the screen. */
export class CursorPager<T> {
  items: T[] = [];
  next: string | null | undefined = undefined;
  private readonly index = new Map<string, number>();
  private readonly tried = new Set<string>();

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly read: (raw: Raw, index: number) => T,
    private readonly keyOf: (row: T) => string,
    readonly limit = 50,
    /** Whether a re-read row says nothing new: the held one is kept, so a quiet poll changes nothing. */
    private readonly same: (held: T, fresh: T) => boolean = () => false,
  ) {}

  /** True once the zone said there is nothing older. */
  get done(): boolean {
    return this.next === null;
  }

  /** Loads the next older page; the rows it added (none when at the end). */
  async more(): Promise<T[]> {
    if (this.next === null) return [];
    const cursor = this.next;
    // A zone handing the same cursor back would page forever: treat it as the end. A cursor counts
    // as tried once its page came: asking again after a failed read is a retry.
    if (cursor !== undefined && this.tried.has(cursor)) return this.end();
    const page = readPage(await this.fetchPage(cursor, this.limit), this.limit);
    if (cursor !== undefined) this.tried.add(cursor);
    const added: T[] = [];
    for (const raw of page.items) {
      const row = this.read(raw, this.items.length);
      const key = this.keyOf(row);
      const at = this.index.get(key);
      if (at !== undefined) {
        this.items[at] = row;
        continue;
      }
      this.index.set(key, this.items.length);
      this.items.push(row);
      added.push(row);
    }
    this.items = [...this.items];
    this.next = page.next;
    // A full page of rows we already held moves nothing: stop rather than loop.
    if (page.items.length > 0 && added.length === 0 && page.next !== null) return this.end();
    return added;
  }

  /** Reads the newest page again (a poll) and merges it, as `mergeHead`. */
  async head(): Promise<boolean> {
    return this.mergeHead(await this.fetchPage(undefined, this.limit));
  }

  /**
   * Merges the newest page: known rows are updated in place, new ones go on top. When none of it
   * overlaps what is held, more runs came than a page holds: start over from it. True when the
   * rows changed (then `items` is a new array, so a screen holding the old one sees it).
   */
  mergeHead(reply: unknown): boolean {
    const page = readPage(reply, this.limit);
    const rows = page.items.map((raw, i) => this.read(raw, i));
    const fresh: T[] = [];
    let overlap = false;
    let changed = false;
    for (const row of rows) {
      const at = this.index.get(this.keyOf(row));
      if (at === undefined) fresh.push(row);
      else {
        overlap = true;
        if (this.same(this.items[at]!, row)) continue;
        this.items[at] = row;
        changed = true;
      }
    }
    if (!overlap && this.items.length > 0) {
      this.reset();
      this.items = rows;
      this.next = page.next;
      this.reindex();
      return true;
    }
    if (this.items.length === 0) this.next = page.next;
    if (!fresh.length && !changed) return false;
    this.items = [...fresh, ...this.items];
    // Only new rows on top move the others: shift their places instead of rebuilding the index.
    if (fresh.length) this.reindex();
    return true;
  }

  reset(): void {
    this.items = [];
    this.next = undefined;
    this.index.clear();
    this.tried.clear();
  }

  private end(): T[] {
    this.next = null;
    return [];
  }

  private reindex(): void {
    this.index.clear();
    this.items.forEach((row, i) => this.index.set(this.keyOf(row), i));
  }
}
