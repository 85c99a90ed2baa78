/**
 * Where a field sits in a record, as the dictionary stores it: a path of one or two steps, each a
 * key (`name`, `metadata` → `name`) or an entry of a key/value list (`Tags: [{Key: "Name", Value:
 * "web-1"}]`, as AWS names its instances; a map such as `labels: {name: …}` is a plain key step).
 * Shown and typed as text: keys joined by '.', an entry as `Tags[Key=Name].Value`.
 */
import { PROTO_KEYS } from '../zone-words';
import { isRecord } from '../tolerant';

/** The entry of the list `list` whose `key` is `match`; its `value` is the field's value. */
export interface EntryStep {
  readonly list: string;
  readonly key: string;
  readonly match: string;
  readonly value: string;
}

export type PathStep = string | EntryStep;

/** Where a field sits: its key, a key inside a nested record, or an entry of a tag list. */
export type FieldPath = readonly PathStep[];

/** Deepest nesting a path may name: `status.phase`, `Spec.Tags[Key=Name].Value`. */
export const MAX_PATH = 2;

const SEGMENT = /^[A-Za-z_$@][\w$@.:-]{0,63}$/;

/** A key a path may hold: a short identifier-like name, never one that reaches an object's prototype. */
export function isFieldKey(key: unknown): key is string {
  return typeof key === 'string' && SEGMENT.test(key) && !PROTO_KEYS.has(key);
}

export function isEntryStep(step: unknown): step is EntryStep {
  if (!isRecord(step)) return false;
  const keys = Object.keys(step);
  return (
    keys.length === 4 &&
    isFieldKey(step.list) &&
    isFieldKey(step.key) &&
    isFieldKey(step.match) &&
    isFieldKey(step.value) &&
    step.key !== step.value
  );
}

export const isPathStep = (step: unknown): step is PathStep => isFieldKey(step) || isEntryStep(step);

export function isFieldPath(path: unknown): path is FieldPath {
  return Array.isArray(path) && path.length >= 1 && path.length <= MAX_PATH && path.every(isPathStep);
}

const stepText = (s: PathStep) => (typeof s === 'string' ? s : `${s.list}[${s.key}=${s.match}].${s.value}`);

/** How a path is shown and listed: `metadata.name`, `Tags[Key=Name].Value`. */
export function pathText(path: FieldPath): string {
  return path.map(stepText).join('.');
}

export const samePath = (a: FieldPath | undefined, b: FieldPath | undefined): boolean =>
  !!a && !!b && a.length === b.length && pathText(a) === pathText(b);

/** The word a step is known by: a key, or the entry's key (`Name` of `Tags[Key=Name]`). */
export const stepName = (s: PathStep): string => (typeof s === 'string' ? s : s.match);

/** The value of an entry step in `list`: the first entry whose key is the match. */
function entryValue(list: unknown, s: EntryStep): unknown {
  if (!Array.isArray(list)) return undefined;
  for (const e of list as unknown[]) if (isRecord(e) && e[s.key] === s.match) return e[s.value];
  return undefined;
}

/** One step into `v`. */
export function stepInto(v: unknown, s: PathStep): unknown {
  if (!isRecord(v)) return undefined;
  return typeof s === 'string' ? v[s] : entryValue(v[s.list], s);
}

/** The value at a path: `raw[a]`, `raw[a][b]`, or the value of a tag entry. */
export function valueAt(raw: unknown, path: FieldPath): unknown {
  let v = raw;
  for (const s of path) {
    v = stepInto(v, s);
    if (v === undefined) return undefined;
  }
  return v;
}

const ENTRY_TEXT = /^(?:(.+)\.)?([^.[\]=]+)\[([^[\]=]+)=([^[\]=]+)\]\.([^.[\]=]+)$/;

/**
 * The paths a text may name, likeliest first. An entry reads `Tags[Key=Name].Value` (or
 * `Spec.Tags[Key=Name].Value`); keys may themselves hold dots, so `a.b` is the key `a.b` or `a` → `b`.
 */
export function pathsOfText(text: string): FieldPath[] {
  const m = ENTRY_TEXT.exec(text);
  if (m) {
    const entry: EntryStep = { list: m[2]!, key: m[3]!, match: m[4]!, value: m[5]! };
    const path = m[1] === undefined ? [entry] : [m[1], entry];
    return isFieldPath(path) ? [path] : [];
  }
  const candidates: PathStep[][] = [[text]];
  for (let i = text.indexOf('.'); i > 0; i = text.indexOf('.', i + 1))
    candidates.push([text.slice(0, i), text.slice(i + 1)]);
  return candidates.filter((p) => isFieldPath(p));
}
