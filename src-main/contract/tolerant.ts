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

/** The records of a list reply, wherever the zone put them; non-objects are dropped. */
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
  return [];
}

/** First value among keys that is a non-empty string or a finite number, as a string. */
export function pick(obj: Raw, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const v = obj[key];
    if (typeof v === 'string' && v !== '') return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return undefined;
}

export function idOf(obj: Raw): string | undefined {
  return pick(obj, 'id', 'uuid');
}

export function nameOf(obj: Raw): string | undefined {
  return pick(obj, 'name', 'display_name');
}

/** status|state; a nested {status: {phase}} style object is read one level down. */
export function stateOf(obj: Raw): string | undefined {
  for (const key of ['status', 'state']) {
    const v = obj[key];
    if (typeof v === 'string' && v !== '') return v;
    if (isRecord(v)) {
      const inner = pick(v, 'state', 'status', 'phase');
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
  for (const key of keys) {
    const v = obj[key];
    let d: Date | undefined;
    if (typeof v === 'number' && Number.isFinite(v)) d = new Date(v < 1e11 ? v * 1000 : v);
    else if (typeof v === 'string' && v !== '')
      d = new Date(/^\d+$/.test(v) ? Number(v) * (v.length <= 11 ? 1000 : 1) : v);
    if (d && !Number.isNaN(d.getTime())) return d;
  }
  return undefined;
}
