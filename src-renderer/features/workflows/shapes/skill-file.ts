/**
 * A skill's files in the zone's words. The spec leaves the file-selection parameter and the
 * payloads "not shown", so the app learns them from the zone's own answers: the name the file
 * list gives an entry's path is the parameter a read, write or delete selects the file by; a read
 * that answers a JSON record teaches the content field's name; a read that answers raw text is
 * just that. How a write travels (JSON or raw text) is the spec's default (JSON) until the zone
 * refuses it in words that ask for the other, then remembered for the zone (skills/skills.ts).
 */
import type { AgentErrorData } from '@contract/errors';
import type { BodyEncoding, CallWords, WordChoice } from '@contract/zone-words';
import { isRecord, listOf, timeOf, type Raw } from '@contract/tolerant';
import { isFieldKey } from '@contract/dictionary/dictionary-types';
import { expectedNames, fieldMeant } from './refusal';
import { field, nameIn, nestedPath, pathIn, valueIn, worded, type FieldWords } from '../../../shapes/words';

export const FILE_PATH = field('skillFile.path', 'path', 'file', 'filename', 'file_path', 'filepath', 'name', 'key');
export const FILE_CONTENT = field('skillFile.content', 'content', 'text', 'body', 'data', 'contents', 'source');
const FILE_SIZE = field('skillFile.size', 'size', 'bytes', 'size_bytes', 'length');
const FILE_UPDATED = field('skillFile.updatedAt', 'updated_at', 'updatedAt', 'modified_at', 'last_modified', 'mtime');
const FILE_LIST_KEYS = ['files', 'entries', 'paths'] as const;

export interface SkillFileRow {
  path: string;
  size: number | undefined;
  updatedAt: Date | undefined;
}

/** What one zone taught about its files; every part may be unknown. */
export interface FileSpeech {
  /** The field name of a path in the file list's entries, hence the selection parameter. */
  pathName?: string;
  /** How the content read answered: raw text, or a JSON record with the text under `contentName`. */
  readAs?: BodyEncoding;
  contentName?: string;
  /** How a write was last accepted (or asked for by a refusal). */
  writeAs?: BodyEncoding;
  /** The file list's own word for a path: what the zone's file records call it, so what a write calls it. */
  listPath?: string;
  /**
   * The body names a JSON write was last accepted under, dotted when nested (`spec.content`): a
   * zone may write a file's text under another name than its reads answer it (`content`, `text`).
   */
  writePath?: string;
  writeContent?: string;
}

/** One file entry, or null when it names no path. A bare string counts as the path; `pathKey` is the entries' path field when no word of ours names it. */
export function toFileRow(item: unknown, pathKey?: string): SkillFileRow | null {
  if (typeof item === 'string') return item ? { path: item, size: undefined, updatedAt: undefined } : null;
  if (!isRecord(item)) return null;
  const path = pathKey ? item[pathKey] : valueIn(item, FILE_PATH);
  if (typeof path !== 'string' || path === '') return null;
  const sizeRaw = valueIn(item, FILE_SIZE);
  const size = typeof sizeRaw === 'number' ? sizeRaw : typeof sizeRaw === 'string' ? Number(sizeRaw) : NaN;
  return {
    path,
    size: Number.isFinite(size) ? size : undefined,
    updatedAt: timeOf(item, ...FILE_UPDATED.names),
  };
}

/** The raw entries of a files reply: bare, under files/entries/paths, or any list envelope (bare strings too). */
function rawEntries(data: unknown, depth = 0): unknown[] {
  if (Array.isArray(data)) return data;
  if (!isRecord(data) || depth > 2) return [];
  for (const k of FILE_LIST_KEYS) if (Array.isArray(data[k])) return data[k];
  for (const k of ['items', 'data', 'results']) {
    const v = data[k];
    if (Array.isArray(v)) return v;
    if (isRecord(v)) {
      const inner = rawEntries(v, depth + 1);
      if (inner.length) return inner;
    }
  }
  return listOf(data);
}

export interface FileListing {
  rows: SkillFileRow[];
  /** The name the entries give the path, when it can select a file (undefined for bare strings or an empty list). */
  pathName: string | undefined;
}

/**
 * `name` in a list entry may be the file's base name beside a path elsewhere, and zones that list
 * `{name}` are known to select by `path`: it is not taken as the selection parameter (a zone that
 * wants `name` says so in its 400, and the agent learns it).
 */
const NOT_A_SELECTOR = new Set(['name']);

/** A relative file path as a value: no spaces, no `..`, and a folder or a dotted extension. */
function isPathLike(v: unknown): v is string {
  return (
    typeof v === 'string' &&
    /^[^\s\\:/][^\s\\:]*$/.test(v) &&
    !v.includes('..') &&
    (v.includes('/') || /\.[A-Za-z0-9]{1,8}$/.test(v))
  );
}

/**
 * The entries' field whose values are all unique relative paths, when none of our words names the
 * path (a zone in its own words): the only such field, else none (never a guess between two).
 */
function pathKeyByValue(entries: readonly unknown[]): string | undefined {
  const recs = entries.filter(isRecord);
  // One of our words, nested too (JSON:API's `attributes.path`, AWS's `Path`), says it before any value.
  if (recs.length === 0 || recs.some((r) => pathIn(r, FILE_PATH))) return undefined;
  const fits = Object.keys(recs[0]!).filter((k) => {
    if (!isFieldKey(k)) return false;
    const vals = recs.map((r) => r[k]);
    return vals.every(isPathLike) && new Set(vals).size === vals.length;
  });
  return fits.length === 1 ? fits[0] : undefined;
}

/** Every file of a files reply, sorted by path, each path once, and the entries' name for a path. */
export function readFileList(data: unknown): FileListing {
  const seen = new Map<string, SkillFileRow>();
  const entries = rawEntries(data);
  const byValue = pathKeyByValue(entries);
  let pathName: string | undefined = byValue;
  for (const it of entries) {
    const row = toFileRow(it, byValue);
    if (!row || seen.has(row.path)) continue;
    seen.set(row.path, row);
    // The entry's name for the path, where it sits (`path`, `attributes.path`, `Path`): its last key.
    const n = pathIn(it, FILE_PATH)?.at(-1);
    if (typeof n === 'string' && !NOT_A_SELECTOR.has(n)) pathName ??= n;
  }
  const rows = [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { rows, pathName };
}

/** A file's content as read: the text, how it came, and under which name when it was a record. */
export type FileContent =
  | { ok: true; text: string; readAs: BodyEncoding; contentName?: string }
  | { ok: false; record: unknown; unread: string[] };

export function readFileContent(data: unknown, pathName?: string): FileContent {
  if (typeof data === 'string') return { ok: true, text: data, readAs: 'text' };
  if (data === null || data === undefined) return { ok: true, text: '', readAs: 'text' };
  for (const rec of isRecord(data) ? [data, data.data, data.file] : []) {
    const name = nameIn(rec, FILE_CONTENT);
    const v = name ? (rec as Raw)[name] : undefined;
    if (typeof v === 'string') return { ok: true, text: v, readAs: 'json', contentName: name };
  }
  // A record in the zone's own words: its one text field beside the path the file was selected by.
  if (isRecord(data) && pathName !== undefined && Object.hasOwn(data, pathName)) {
    const texts = Object.keys(data).filter((k) => isFieldKey(k) && k !== pathName && typeof data[k] === 'string');
    if (texts.length === 1) return { ok: true, text: data[texts[0]!] as string, readAs: 'json', contentName: texts[0] };
  }
  return { ok: false, record: data, unread: isRecord(data) ? Object.keys(data).slice(0, 50) : [] };
}

/** Words for fields whose names were inferred from another kind of record: preferred, but the agent may learn. */
function loose(words: Record<string, WordChoice>): Record<string, WordChoice> {
  return Object.fromEntries(
    Object.entries(words).map(([k, w]) => [k, { role: w.role, ...(w.alts ? { alts: w.alts } : {}) }]),
  );
}

/** The field with the zone's own name for it first, when the zone taught one (it may be in no list of ours). */
function own(f: FieldWords, name: string | undefined): FieldWords {
  return name && !f.names.includes(name) ? field(f.role, name, ...f.names) : f;
}

/** A record holding the names given (a path taught as nested, `spec.content`, is no key of a record). */
function like(names: ReadonlyArray<readonly [FieldWords, string | undefined]>): Raw {
  return Object.fromEntries(names.filter(([, n]) => n && !nestedPath(n)).map(([, n]) => [n!, true]));
}

export interface FileCall {
  query: Record<string, string>;
  body?: unknown;
  encoding?: BodyEncoding;
  words: CallWords;
}

/** Selects one file (read, delete): the parameter named as the zone's file list names a path. */
export function fileSelection(speech: FileSpeech, path: string): FileCall {
  const { values, words } = worded(
    [[own(FILE_PATH, speech.pathName), path]],
    like([[FILE_PATH, speech.pathName]]),
    'query',
  );
  return { query: values as Record<string, string>, words: { query: loose(words) } };
}

/**
 * A file write: raw text with the path in the query when the zone takes text, else JSON with the
 * path and content under the names its list and reads used (the spec's default is JSON).
 */
export function fileWrite(speech: FileSpeech, path: string, text: string): FileCall {
  if (speech.writeAs === 'text') return { ...fileSelection(speech, path), body: text, encoding: 'text' };
  const pathName = speech.writePath ?? speech.listPath ?? speech.pathName;
  const contentName = speech.writeContent ?? speech.contentName;
  const { values, words } = worded(
    [
      [own(FILE_PATH, pathName), path],
      [own(FILE_CONTENT, contentName), text],
    ],
    like([
      [FILE_PATH, pathName],
      [FILE_CONTENT, contentName],
    ]),
  );
  // Names a write was accepted under, and the path's name in the zone's own file records, are the
  // zone's: sent as they are, so a refusal naming one other field is the other field's (a content
  // field a zone reads under one name and writes under another).
  const firm = new Set([speech.writePath ?? speech.listPath, speech.writeContent].filter(Boolean));
  const body = loose(words);
  for (const [k, w] of Object.entries(body)) if (firm.has(k)) body[k] = { ...w, firm: true };
  return { query: {}, body: values, words: { body } };
}

const TEXT_WORDS =
  /text\/plain|plain text|raw (?:text|body|content)|text body|octet-stream|not json|unsupported media/i;
const JSON_WORDS = /application\/json|json (?:body|object)|expected json|must be json/i;
/** A JSON write refused for a missing query parameter: the zone selects the file in the query, as raw-text writes do. */
const QUERY_WORDS = /query (?:param|parameter|string)|\bparameter\b/i;

/** The encoding a refused write asks for in its words (415, or a 400/422 naming a content type). */
export function encodingAskedFor(err: AgentErrorData, sent: BodyEncoding): BodyEncoding | undefined {
  if (![400, 415, 422].includes(err.status)) return undefined;
  const said = `${err.code} ${err.message} ${JSON.stringify(err.details ?? {}).slice(0, 2000)}`;
  const wantsText = TEXT_WORDS.test(said) || QUERY_WORDS.test(said) || (err.status === 415 && !JSON_WORDS.test(said));
  if (sent === 'json' && wantsText) return 'text';
  if (sent === 'text' && (JSON_WORDS.test(said) || err.status === 415)) return 'json';
  return undefined;
}

/** The path parameter a refusal named, when one of its names reads as a path (file, file_path, name…). */
export function pathNameAskedFor(err: AgentErrorData): string | undefined {
  return expectedNames(err).find((n) => fieldMeant(n, { path: FILE_PATH }) === 'path');
}

/** The text a write's reply says was stored, when it carries it (a record with content, or the raw text). */
export function storedText(reply: unknown): string | undefined {
  const c = readFileContent(reply);
  return c.ok && c.readAs === 'json' ? c.text : undefined;
}
