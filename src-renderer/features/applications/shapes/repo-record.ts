/**
 * A registered repository read tolerantly: the spec shows nothing of it beyond its id in paths, so
 * full name, default branch, visibility and registration time are each looked for under the names
 * a zone is likely to use, and a missing one is simply not shown.
 */
import { idOf, isRecord, pick, timeOf, type Raw } from '../../../lib/tolerant';

export interface RepoRow {
  key: string;
  id: string | undefined;
  /** owner/name. */
  fullName: string;
  defaultBranch: string | undefined;
  /** undefined when the zone does not say. */
  private: boolean | undefined;
  registeredAt: Date | undefined;
  raw: Raw;
}

function privateOf(raw: Raw): boolean | undefined {
  for (const k of ['private', 'is_private', 'isPrivate']) if (typeof raw[k] === 'boolean') return raw[k];
  const v = pick(raw, 'visibility');
  return v ? v.toLowerCase() !== 'public' : undefined;
}

function fullNameOf(raw: Raw): string | undefined {
  const direct = pick(raw, 'full_name', 'fullName', 'repo_full_name', 'slug');
  if (direct) return direct;
  const owner = isRecord(raw.owner) ? pick(raw.owner, 'login', 'name') : pick(raw, 'owner');
  const name = pick(raw, 'name');
  return owner && name && !name.includes('/') ? `${owner}/${name}` : name;
}

export function toRepoRow(raw: Raw, index: number): RepoRow {
  const id = idOf(raw, 'repo');
  const fullName = fullNameOf(raw) ?? id ?? `(unnamed ${index + 1})`;
  return {
    key: id ?? fullName,
    id,
    fullName,
    defaultBranch: pick(raw, 'default_branch', 'defaultBranch', 'branch'),
    private: privateOf(raw),
    registeredAt: timeOf(raw, 'registered_at', 'registeredAt', 'created_at', 'createdAt'),
    raw,
  };
}

/** "owner/name" typed by a person: trimmed, a pasted clone or web URL reduced to its path. */
export function normalizeFullName(input: string): string {
  let s = input.trim();
  const url = /^(?:https?:\/\/|git@)[^/:]+[/:](.+?)(?:\.git)?\/?$/.exec(s);
  if (url) s = url[1]!;
  return s.replace(/^\/+|\/+$/g, '');
}

export function looksLikeFullName(s: string): boolean {
  return /^[\w.-]+\/[\w.-]+$/.test(s);
}
