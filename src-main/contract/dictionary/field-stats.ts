/**
 * What a sample of one kind's records holds, field by field, for inference (infer-fields.ts): how
 * often each field is present, how many distinct values it has and how many look like an id, a
 * name, a state word or a time. Fields are the records' keys, one level into nested records, and
 * the entries of key/value tag lists (`Tags: [{Key: "Name", Value: "web-1"}]`): a zone that names
 * its records only by a tag still names them.
 */
import { isRecord, type Raw } from '../tolerant';
import { isStateWord } from '../state-vocabulary';
import { MAX_FIELDS } from './dictionary-types';
import { isFieldKey, pathText, type EntryStep, type FieldPath, type PathStep } from './field-paths';
import { isIdLike, isNameLike, isStrongId, isTimeLike } from './value-shapes';

/** Records read per inference, spread over the list (a list of 100,000 is not walked). */
export const SAMPLE = 48;
/** Entries of one tag list looked at: tags beyond are a record's long tail, not its name. */
const MAX_ENTRIES = 20;

export interface Stats {
  path: FieldPath;
  present: number;
  distinct: Set<string>;
  id: number;
  /** Values shaped only as ids are (isStrongId). */
  strong: number;
  name: number;
  time: number;
  state: number;
  strings: number;
  spaced: number;
  length: number;
  firstTime: number;
}

/** Evenly spread records of the list, at most SAMPLE. */
export function sampleOf(records: readonly unknown[]): Raw[] {
  const n = records.length;
  const step = n <= SAMPLE ? 1 : n / SAMPLE;
  const out: Raw[] = [];
  for (let i = 0; i < Math.min(n, SAMPLE); i++) {
    const r = records[Math.floor(i * step)];
    if (isRecord(r)) out.push(r);
  }
  return out;
}

const isScalar = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

/**
 * The key and value members of a key/value list (`[{Key, Value}]`, `[{key, value}]`, `[{name,
 * value}]`): every entry has the same two members, one of them naming the entry with a distinct
 * field-like word, the other a scalar. Between two that could name it, the one called a key or a
 * name, else the first (a list's entries are written key first).
 */
export function entryMembers(list: unknown): { key: string; value: string } | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const first = list[0] as unknown;
  if (!isRecord(first)) return undefined;
  const members = Object.keys(first);
  if (members.length !== 2 || !members.every(isFieldKey)) return undefined;
  const entries = (list as unknown[]).slice(0, MAX_ENTRIES);
  const fits = (k: string, v: string) => {
    const seen = new Set<unknown>();
    for (const e of entries) {
      if (!isRecord(e) || Object.keys(e).length !== 2 || !isFieldKey(e[k]) || !isScalar(e[v]) || seen.has(e[k]))
        return false;
      seen.add(e[k]);
    }
    return true;
  };
  const [a, b] = members as [string, string];
  const named = (k: string) => /key|name/i.test(k);
  const order: [string, string][] =
    named(b) && !named(a)
      ? [
          [b, a],
          [a, b],
        ]
      : [
          [a, b],
          [b, a],
        ];
  const found = order.find(([k, v]) => fits(k, v));
  return found ? { key: found[0], value: found[1] } : undefined;
}

/** The entry steps of a tag list at `list`, each with its value, in the list's order. */
export function entriesOf(list: string, v: unknown): [EntryStep, unknown][] {
  const m = entryMembers(v);
  if (!m) return [];
  return (v as Raw[])
    .slice(0, MAX_ENTRIES)
    .map((e) => [{ list, key: m.key, match: e[m.key] as string, value: m.value }, e[m.value]]);
}

/** Every field of one record, with its value: keys, keys of nested records, entries of tag lists. */
export function fieldsOf(rec: unknown, visit: (path: FieldPath, v: unknown) => void): void {
  if (!isRecord(rec)) return;
  const inner = (head: PathStep[], key: string, v: unknown, deep: boolean) => {
    const entries = entriesOf(key, v);
    if (entries.length) for (const [step, value] of entries) visit([...head, step], value);
    else if (deep && isRecord(v)) {
      for (const k of Object.keys(v)) if (isFieldKey(k)) inner([key], k, v[k], false);
    } else visit([...head, key], v);
  };
  for (const key of Object.keys(rec)) if (isFieldKey(key)) inner([], key, rec[key], true);
}

/** The fields of one record as text paths, in its order (what the choose dialog shows). */
export function recordFields(rec: unknown, max = MAX_FIELDS): string[] {
  const out: string[] = [];
  fieldsOf(rec, (p) => {
    if (out.length < max) out.push(pathText(p));
  });
  return out;
}

function note(stats: Map<string, Stats>, path: FieldPath, key: string, v: unknown): void {
  if (!isScalar(v) || v === '') return;
  let s = stats.get(key);
  if (!s) {
    if (stats.size >= MAX_FIELDS) return;
    s = {
      path,
      present: 0,
      distinct: new Set(),
      id: 0,
      strong: 0,
      name: 0,
      time: 0,
      state: 0,
      strings: 0,
      spaced: 0,
      length: 0,
      firstTime: 0,
    };
    stats.set(key, s);
  }
  s.present++;
  s.distinct.add(String(v));
  if (isTimeLike(v)) {
    s.time++;
    const t = typeof v === 'number' ? v : Number.isNaN(Number(v)) ? Date.parse(v as string) : Number(v);
    s.firstTime += t < 1e11 ? t * 1000 : t;
  } else if (isIdLike(v)) {
    s.id++;
    if (isStrongId(v)) s.strong++;
  }
  if (typeof v === 'string') {
    s.strings++;
    s.length += v.length;
    if (/\s/.test(v.trim())) s.spaced++;
    if (isNameLike(v)) s.name++;
    if (isStateWord(v)) s.state++;
  }
}

/** The stats of every field of the sample; `fields` gathers their text paths, in the records' order. */
export function collect(sample: readonly Raw[], fields: Set<string>): Map<string, Stats> {
  const stats = new Map<string, Stats>();
  for (const rec of sample)
    fieldsOf(rec, (path, v) => {
      const key = pathText(path);
      if (fields.size < MAX_FIELDS) fields.add(key);
      note(stats, path, key, v);
    });
  return stats;
}
