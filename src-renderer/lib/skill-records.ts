/**
 * Skills and their files as the zone sends them, read tolerantly: the spec leaves the payloads
 * "not shown", so a list may be bare or under items/data/results, an id under id/uuid, a name
 * under name/display_name, a file's path under path/name/key.
 */
import { idOf, isRecord, nameOf, pick, timeOf, type Raw } from './tolerant';

export interface SkillRow {
  key: string;
  id: string | undefined;
  name: string;
  description: string;
  /** From file_count/files_count, or the length of an embedded files list. */
  fileCount: number | undefined;
  updatedAt: Date | undefined;
  raw: Raw;
}

export interface SkillFileRow {
  path: string;
  size: number | undefined;
  updatedAt: Date | undefined;
}

function countOf(raw: Raw): number | undefined {
  for (const k of ['file_count', 'files_count', 'fileCount', 'num_files']) {
    const v = raw[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  }
  return Array.isArray(raw.files) ? raw.files.length : undefined;
}

export function toSkillRow(raw: Raw, index: number): SkillRow {
  const id = idOf(raw);
  return {
    key: id ?? `#${index}`,
    id,
    name: nameOf(raw) ?? pick(raw, 'title', 'slug') ?? id ?? `(unnamed ${index + 1})`,
    description: pick(raw, 'description', 'summary') ?? '',
    fileCount: countOf(raw),
    updatedAt: timeOf(raw, 'updated_at', 'updatedAt', 'modified_at', 'created_at'),
    raw,
  };
}

/** One file record, or null when it names no path. A bare string counts as the path. */
export function toFileRow(item: unknown): SkillFileRow | null {
  if (typeof item === 'string') return item ? { path: item, size: undefined, updatedAt: undefined } : null;
  if (!isRecord(item)) return null;
  const path = pick(item, 'path', 'name', 'key', 'file', 'filename');
  if (!path) return null;
  const sizeRaw = item.size ?? item.bytes ?? item.size_bytes;
  const size = typeof sizeRaw === 'number' ? sizeRaw : typeof sizeRaw === 'string' ? Number(sizeRaw) : NaN;
  return {
    path,
    size: Number.isFinite(size) ? size : undefined,
    updatedAt: timeOf(item, 'updated_at', 'updatedAt', 'modified_at', 'last_modified'),
  };
}

/** The raw entries of a list reply: bare, or under items/data/results/files (one envelope inside another too). */
function rawItems(data: unknown, depth = 0): unknown[] {
  if (Array.isArray(data)) return data;
  if (!isRecord(data) || depth > 2) return [];
  for (const k of ['items', 'data', 'results', 'files']) {
    const v = data[k];
    if (Array.isArray(v)) return v;
    if (isRecord(v)) {
      const inner = rawItems(v, depth + 1);
      if (inner.length) return inner;
    }
  }
  return [];
}

/** Every file of a files reply, sorted by path, each path once. */
export function filesOf(data: unknown): SkillFileRow[] {
  const seen = new Map<string, SkillFileRow>();
  for (const it of rawItems(data)) {
    const row = toFileRow(it);
    if (row && !seen.has(row.path)) seen.set(row.path, row);
  }
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** A file's content from a reply that should be text; JSON-wrapped content ({content}) is unwrapped. */
export function contentOf(data: unknown): string {
  if (typeof data === 'string') return data;
  if (isRecord(data)) {
    const c = pick(data, 'content', 'text', 'body', 'data');
    if (c !== undefined) return c;
  }
  return data == null ? '' : JSON.stringify(data, null, 2);
}

/** The time to show as "updated …": a zone's clock a little ahead of this machine's reads as now, not "in 13 s". */
export function shownTime(date: Date | undefined, now: number): Date | undefined {
  return date && date.getTime() > now ? new Date(now) : date;
}
