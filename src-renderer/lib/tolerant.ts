/**
 * The renderer's side of tolerant reading: rows, tones and fields for views. The generic readers
 * (list envelopes, id|uuid, name|display_name, status|state) live in the contract, shared with the agent.
 */
import { type Raw, idOf, isRecord, nameOf, pickIn, textOf, timeOf } from '@contract/tolerant';
import type { KindReader } from '@contract/dictionary/kind-reader';
import { toneOf, type Tone } from '@contract/state-vocabulary';

export { type Raw, isRecord, listOf, pick, idOf, nameOf, stateOf, timeOf } from '@contract/tolerant';

/** A JSON:API document's top-level members besides `data`: a reply of only these is the record's envelope. */
const DOCUMENT_MEMBERS = new Set(['data', 'jsonapi', 'links', 'meta', 'included']);

/**
 * The reply as a record, or an empty one when the zone sent something else: for payloads the spec
 * leaves "not shown". A document that only wraps one record (`{data: {...}, jsonapi, links}`) is
 * that record; one that carries no resource, only its `meta` (JSON:API's answer that is no
 * record: a command's outcome), is that `meta`.
 */
export function recordOf(data: unknown): Raw {
  if (!isRecord(data)) return {};
  if (!Object.keys(data).every((k) => DOCUMENT_MEMBERS.has(k))) return data;
  if (isRecord(data.data)) return data.data;
  return !('data' in data) && isRecord(data.meta) ? data.meta : data;
}

export type { Tone } from '@contract/state-vocabulary';

/** A calm colour for a resource's state word, from the one state vocabulary (contract/state-vocabulary.ts). */
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

const IMAGE = ['image', 'image_name', 'image_ref', 'imageName'];

/**
 * What every list row reads through the zone's dictionary (the list's reader): its key, id and name.
 * A record with no name shows its id, else "(unnamed N)", and the list says above itself why.
 */
export function rowIdentity(
  raw: Raw,
  index: number,
  reader: KindReader,
): { key: string; id: string | undefined; name: string } {
  const id = reader.id(raw);
  return { key: id ?? `#${index}`, id, name: reader.name(raw) ?? id ?? `(unnamed ${index + 1})` };
}

/**
 * A table row from whatever the zone returned for one container (or microVM). Id, name, state and
 * creation time are the zone's dictionary's (the list's reader: data/zone-dictionary.ts); a row
 * whose record has no name shows its id, and the list says above itself why.
 */
export function toContainerRow(raw: Raw, index: number, reader: KindReader): ContainerRow {
  return {
    ...rowIdentity(raw, index, reader),
    state: reader.state(raw),
    image: textOf(raw.image) ?? pickIn(raw, IMAGE),
    host: hostOf(raw),
    createdAt: reader.created(raw),
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
