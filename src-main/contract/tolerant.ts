/**
 * Tolerant reading of payloads the spec leaves "not shown". The sandbox invents shapes; real
 * zones may differ, so nothing here assumes more than ARCHITECTURE.md's "Tolerant reading" grants:
 * a list bare or under items/data/results, id|uuid, name|display_name, status|state, and the
 * few other fields screens act on (the state an instance is heading for, a cluster's worker
 * count) read here once, in every shape accepted, so no screen reads a raw key of its own.
 */
export type Raw = Record<string, unknown>;

const LIST_KEYS = ['items', 'data', 'results'] as const;

export function isRecord(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An array that holds records (its first element decides: a list of 100,000 is not walked). */
function recordArray(v: unknown): v is unknown[] {
  return Array.isArray(v) && (v.length === 0 || isRecord(v[0]));
}

/**
 * The array of records under a key other than the known ones: the only non-empty one, else among
 * several the plural-looking key (`workflows`, `entries`), else the largest.
 */
function listByStructure(data: Raw): unknown[] | undefined {
  let best: [string, unknown[]] | undefined;
  const plural = (k: string) => /[a-z]s$/i.test(k) || /list$/i.test(k);
  for (const [key, v] of Object.entries(data)) {
    if (!recordArray(v) || v.length === 0) continue;
    if (!best || (plural(key) && !plural(best[0])) || (plural(key) === plural(best[0]) && v.length > best[1].length))
      best = [key, v];
  }
  return best?.[1];
}

/**
 * The records of a list reply, wherever the zone put them: bare, under items/data/results, under
 * any key that holds an array of records, or in an envelope inside an envelope (bounded depth).
 * Non-objects are dropped.
 */
export function listOf(data: unknown, depth = 0): Raw[] {
  if (Array.isArray(data)) return data.filter(isRecord);
  if (!isRecord(data) || depth > 2) return [];
  for (const key of LIST_KEYS) {
    const inner = data[key];
    // `data` may itself be the envelope of an envelope: {data: {items: [...]}}.
    if (Array.isArray(inner) || isRecord(inner)) {
      const found = listOf(inner, depth + 1);
      if (found.length > 0 || Array.isArray(inner)) return found;
    }
  }
  const found = listByStructure(data);
  if (found) return found.filter(isRecord);
  // {result: {workflows: [...]}}: one record-valued key deeper.
  for (const v of Object.values(data)) {
    if (!isRecord(v)) continue;
    const inner = listOf(v, depth + 1);
    if (inner.length) return inner;
  }
  return [];
}

/** Where zones put the next page's cursor or link beside a list, most common first. */
const NEXT_KEYS = [
  'next_cursor',
  'nextCursor',
  'next_page_token',
  'nextPageToken',
  'next_token',
  'nextToken',
  'continuation_token',
  'cursor',
  'next',
  'next_page',
  'nextPage',
  'next_url',
];
/** Query parameters that carry a page's cursor in a next link. */
const CURSOR_PARAMS = [
  'before',
  'cursor',
  'after',
  'page_token',
  'pageToken',
  'next_cursor',
  'starting_after',
  'marker',
  'continuation_token',
  'token',
  'page',
  'offset',
];

/** A next link's cursor and the parameter it came in; the link itself when it names none. */
export function cursorOfLink(link: string): { cursor: string; param?: string } | undefined {
  if (!link || link.length > 4096) return undefined;
  let url: URL;
  try {
    url = new URL(link, 'http://zone.invalid');
  } catch {
    return undefined;
  }
  for (const param of CURSOR_PARAMS) {
    const v = url.searchParams.get(param);
    if (v) return { cursor: v, param };
  }
  return { cursor: link };
}

/** The next page of a list reply: a cursor (or a next link's cursor) beside the list; undefined at the end. */
export function nextOf(reply: unknown, depth = 0): string | undefined {
  if (!isRecord(reply) || depth > 2) return undefined;
  for (const key of NEXT_KEYS) {
    const v = reply[key];
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (isRecord(v) && typeof v.href === 'string' && v.href) return cursorOfLink(v.href)?.cursor;
    if (typeof v !== 'string' || v === '') continue;
    return /[/?]/.test(v) ? cursorOfLink(v)?.cursor : v;
  }
  for (const key of ['links', '_links', 'meta', 'pagination', 'paging', 'page', 'data']) {
    const inner = reply[key];
    if (!isRecord(inner)) continue;
    const href = isRecord(inner.next) ? inner.next.href : undefined;
    if (typeof href === 'string' && href) return cursorOfLink(href)?.cursor;
    const found = nextOf(inner, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The rel="next" target of a Link header, as a cursor (see cursorOfLink). */
export function linkNext(header: string): { cursor: string; param?: string } | undefined {
  for (const part of header.slice(0, 8192).split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (m && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(m[2]!)) return cursorOfLink(m[1]!);
  }
  return undefined;
}

/** First value among keys that is a non-empty string or a finite number, as a string. */
export function pick(obj: Raw, ...keys: string[]): string | undefined {
  return pickIn(obj, keys);
}

/**
 * `pick` over a list of keys made once: the readers of every row of a 100,000-row list call it
 * with constant lists (a rest parameter built an array per call: ~0.25 µs a row, and its garbage).
 */
export function pickIn(obj: Raw, keys: readonly string[]): string | undefined {
  for (let i = 0; i < keys.length; i++) {
    const v = textOf(obj[keys[i]!]);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** One value as `pick` takes it: a non-empty string, or a finite number as a string. */
export function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v === '' ? undefined : v;
  return typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;
}

const ID_KEYS = ['id', 'uuid'];
const NAME_KEYS = ['name', 'display_name', 'title'];
const STATE_KEYS = ['status', 'state'];
const INNER_STATE_KEYS = ['state', 'status', 'phase'];
const kindIdKeys = new Map<string, string[]>();

/**
 * id | uuid, else `<kind>_id` / `<kind>Id` when the caller says what the record is (a zone may name
 * a container's id `container_id`; a bare `*_id` is not taken without the kind: it may point at
 * another record, as `host_id` does).
 */
export function idOf(obj: Raw, kind?: string): string | undefined {
  const own = pickIn(obj, ID_KEYS);
  if (own !== undefined || !kind) return own;
  let keys = kindIdKeys.get(kind);
  if (!keys)
    kindIdKeys.set(kind, (keys = [`${kind}_id`, `${kind.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())}Id`]));
  return pickIn(obj, keys);
}

export function nameOf(obj: Raw): string | undefined {
  return pickIn(obj, NAME_KEYS);
}

/** status|state; a nested {status: {phase}} style object is read one level down. */
export function stateOf(obj: Raw): string | undefined {
  for (const key of STATE_KEYS) {
    const v = obj[key];
    if (typeof v === 'string' && v !== '') return v;
    if (isRecord(v)) {
      const inner = pickIn(v, INNER_STATE_KEYS);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** The state a record is on its way to: desired_status|desired_state (also inside a status object). */
export function desiredStateOf(obj: Raw): string | undefined {
  const top = pick(
    obj,
    'desired_status',
    'desired_state',
    'desiredStatus',
    'desiredState',
    'target_status',
    'target_state',
  );
  if (top) return top;
  for (const key of ['status', 'state']) {
    const v = obj[key];
    if (isRecord(v)) {
      const inner = pick(v, 'desired', 'desired_state', 'desired_status', 'target');
      if (inner) return inner;
    }
  }
  return undefined;
}

/** A whole number of at least 0 from a number or digits; undefined otherwise. */
function countOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * A cluster's worker count: workers (a count, a list of workers, or {count}) | worker_count |
 * workers_count | node_count | nodes as a count. A list under `nodes` is not counted: it may
 * hold the control plane too.
 */
export function workerCountOf(obj: Raw): number | undefined {
  const w = obj.workers;
  if (Array.isArray(w)) return w.length;
  if (isRecord(w)) return countOf(w.count) ?? countOf(w.desired) ?? countOf(w.replicas);
  for (const key of ['workers', 'worker_count', 'workers_count', 'node_count', 'nodes']) {
    const n = countOf(obj[key]);
    if (n !== undefined) return n;
  }
  return undefined;
}

/** A time from ISO text or epoch seconds/milliseconds; undefined when unreadable. */
export function timeOf(obj: Raw, ...keys: string[]): Date | undefined {
  return timeIn(obj, keys);
}

/** `timeOf` over a list of keys made once (see pickIn). */
export function timeIn(obj: Raw, keys: readonly string[]): Date | undefined {
  for (let i = 0; i < keys.length; i++) {
    const d = dateOf(obj[keys[i]!]);
    if (d) return d;
  }
  return undefined;
}

/** One value as `timeOf` takes it: ISO text or epoch seconds/milliseconds (number or digits). */
export function dateOf(v: unknown): Date | undefined {
  let d: Date | undefined;
  if (typeof v === 'number' && Number.isFinite(v)) d = new Date(v < 1e11 ? v * 1000 : v);
  else if (typeof v === 'string' && v !== '') {
    // Epoch as digits: seconds (up to 11 digits, a fraction allowed) or milliseconds. ISO text
    // (a dash after the year) is not tried as digits: the list reads one per row.
    const epoch = v.charCodeAt(4) === 45 ? null : /^(\d+)(\.\d+)?$/.exec(v);
    d = new Date(epoch ? Number(v) * (epoch[1]!.length <= 11 ? 1000 : 1) : v);
  }
  return d && !Number.isNaN(d.getTime()) ? d : undefined;
}
