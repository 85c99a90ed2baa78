/**
 * The renderer's side of tolerant reading: rows, tones and fields for views. The generic readers
 * (list envelopes, id|uuid, name|display_name, status|state) live in the contract, shared with the agent.
 */
import { type Raw, dateOf, idOf, isRecord, nameOf, pickIn, stateOf, textOf, timeIn, timeOf } from '@contract/tolerant';
import { toneOf, type Tone } from './state-vocabulary';

export { type Raw, isRecord, listOf, pick, idOf, nameOf, stateOf, workerCountOf, timeOf } from '@contract/tolerant';

/** The reply as a record, or an empty one when the zone sent something else: for payloads the spec leaves "not shown". */
export function recordOf(data: unknown): Raw {
  return isRecord(data) ? data : {};
}

export type { Tone } from './state-vocabulary';

/** A calm colour for a resource's state word, from the one state vocabulary (lib/state-vocabulary.ts). */
export function stateTone(state: string | undefined): Tone {
  return toneOf(state, 'resource');
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

const HOSTNAME = ['hostname'];
const IMAGE = ['image', 'image_name', 'image_ref', 'imageName'];
const CREATED = ['created_at', 'createdAt', 'created', 'inserted_at'];

/**
 * A table row from whatever the zone returned for one container (or microVM: `kind`). Each field
 * reads the standard shape's key by name first, then the tolerant reader from its first key again
 * (the same answer as the reader alone): a key list read through pickIn's one keyed load per key
 * is a lookup V8 cannot specialise, and a list of 100,000 rows paid ~30 ms for it (#28 goal 6).
 */
export function toContainerRow(raw: Raw, index: number, kind = 'container'): ContainerRow {
  const id = textOf(raw.id) ?? idOf(raw, kind);
  const status = raw.status;
  return {
    key: id ?? `#${index}`,
    id,
    name: textOf(raw.name) ?? nameOf(raw) ?? pickIn(raw, HOSTNAME) ?? id ?? `(unnamed ${index + 1})`,
    state: typeof status === 'string' && status !== '' ? status : stateOf(raw),
    image: textOf(raw.image) ?? pickIn(raw, IMAGE),
    host: hostOf(raw),
    createdAt: dateOf(raw.created_at) ?? timeIn(raw, CREATED),
    raw,
  };
}

/**
 * host (a name, or a record's name|id) | host_name | hostname | host_id | node, each read by name:
 * the standard shape has only host_id, and four keyed loads to reach it were most of a row's cost.
 */
function hostOf(raw: Raw): string | undefined {
  const host = raw.host;
  if (isRecord(host)) {
    const named = nameOf(host) ?? idOf(host);
    if (named !== undefined) return named;
  }
  return textOf(host) ?? textOf(raw.host_name) ?? textOf(raw.hostname) ?? textOf(raw.host_id) ?? textOf(raw.node);
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
