/**
 * Tolerant reading of payloads the spec leaves "not shown". The sandbox invents shapes; real
 * zones may differ, so nothing here assumes more than ARCHITECTURE.md's "Tolerant reading" grants:
 * a list bare or under items/data/results, id|uuid, name|display_name, status|state.
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
