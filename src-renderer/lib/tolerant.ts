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
    else if (typeof v === 'string' && v !== '') d = new Date(/^\d+$/.test(v) ? Number(v) * (v.length <= 11 ? 1000 : 1) : v);
    if (d && !Number.isNaN(d.getTime())) return d;
  }
  return undefined;
}

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'default';

/** A calm colour for a state word; unknown words stay neutral rather than guessed. */
export function stateTone(state: string | undefined): Tone {
  const s = (state ?? '').toLowerCase();
  if (/^(running|ready|active|healthy|up|available|attached|succeeded|ok)/.test(s)) return 'success';
  if (/(fail|error|crash|dead|degraded|unhealthy|lost)/.test(s)) return 'error';
  if (/(creat|start|stopping|pending|provision|resched|migrat|restor|upgrad|deploy|resum|suspending|boot|queued)/.test(s)) return 'warning';
  if (/(suspended|paused|sleep)/.test(s)) return 'info';
  return 'default';
}

export interface ContainerRow {
  key: string;
  id: string | undefined;
  name: string;
  state: string | undefined;
  image: string | undefined;
  host: string | undefined;
  createdAt: Date | undefined;
  raw: Raw;
}

/** A table row from whatever the zone returned for one container. */
export function toContainerRow(raw: Raw, index: number): ContainerRow {
  const id = idOf(raw);
  const hostObj = isRecord(raw.host) ? raw.host : undefined;
  return {
    key: id ?? `#${index}`,
    id,
    name: nameOf(raw) ?? pick(raw, 'hostname') ?? id ?? `(unnamed ${index + 1})`,
    state: stateOf(raw),
    image: pick(raw, 'image', 'image_name', 'image_ref', 'imageName'),
    host: (hostObj && (nameOf(hostObj) ?? idOf(hostObj))) ?? pick(raw, 'host', 'host_name', 'hostname', 'host_id', 'node'),
    createdAt: timeOf(raw, 'created_at', 'createdAt', 'created', 'inserted_at'),
    raw,
  };
}

export interface Field {
  key: string;
  /** Display text; objects and arrays become compact JSON. */
  text: string;
  kind: 'id' | 'time' | 'text' | 'json' | 'empty';
  date?: Date;
}

const ID_KEY = /(^|_)(id|uuid)$|Id$/;
const TIME_KEY = /(_at|At|_time|time)$/;

/** Every field of a record for the details view, in the zone's order, none dropped. */
export function fieldsOf(obj: Raw): Field[] {
  return Object.entries(obj).map(([key, v]): Field => {
    if (v === null || v === undefined || v === '') return { key, text: '—', kind: 'empty' };
    if (typeof v === 'object') return { key, text: JSON.stringify(v), kind: 'json' };
    const text = String(v);
    if (TIME_KEY.test(key)) {
      const date = timeOf(obj, key);
      if (date) return { key, text, kind: 'time', date };
    }
    if (typeof v === 'string' && ID_KEY.test(key)) return { key, text, kind: 'id' };
    return { key, text, kind: 'text' };
  });
}

/** Case-insensitive match of every whitespace-separated term against the row's visible text. */
export function matchesFilter(row: ContainerRow, filter: string): boolean {
  const terms = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const hay = [row.name, row.state, row.image, row.host, row.id].filter(Boolean).join(' ').toLowerCase();
  return terms.every((t) => hay.includes(t));
}
