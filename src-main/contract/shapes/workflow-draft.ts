/**
 * A workflow record's spec in the zone's words, read once for the window, the agent and the CLI:
 * the draft (or a version's frozen spec) under the names zones give it, else found by structure
 * (the field holding an object with a node list, or JSON text of one), one nested record down;
 * a spec in canonical form; the version number a publish reply or a version record names.
 */
import { isRecord, type Raw } from '../tolerant';
import { isSpecLike } from './workflow-spec-words';

/** The names zones give a workflow's draft (role workflow.draft), the spec's own first. */
export const DRAFT_NAMES = ['draft_spec', 'spec', 'definition', 'draft', 'draftSpec', 'workflow_spec'] as const;

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^v?\d+(\.\d+)?$/i.test(v.trim())) return Number(v.trim().replace(/^v/i, ''));
  return undefined;
}

function parsed(text: string): unknown {
  if (!/^\s*[{[]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Where a record keeps its draft: the spec (object, or the zone's text when not JSON), its field, whether as JSON text. */
export type DraftReading =
  { found: true; spec: unknown; name: string; asText: boolean; box?: string } | { found: false };

/** A record that holds a record's own fields (a Kubernetes `spec`), not a draft: it has keys and no nodes. */
const isBox = (v: unknown): v is Raw => isRecord(v) && !isSpecLike(v) && Object.keys(v).length > 0;

export function readDraft(rec: unknown): DraftReading {
  if (!isRecord(rec)) return { found: false };
  for (const name of DRAFT_NAMES) {
    const v = rec[name];
    if (v === undefined) continue;
    if (typeof v === 'string') {
      const p = parsed(v);
      return { found: true, spec: p ?? v, name, asText: true };
    }
    if (isBox(v)) continue;
    if (v === null || isRecord(v) || Array.isArray(v))
      return { found: true, spec: v ?? undefined, name, asText: false };
  }
  // No known name: the field whose value is a spec by structure (an object with nodes), or JSON text of one.
  for (const [name, v] of Object.entries(rec)) {
    if (isSpecLike(v)) return { found: true, spec: v, name, asText: false };
    if (typeof v === 'string' && v.length < 5_000_000) {
      const p = parsed(v);
      if (isSpecLike(p)) return { found: true, spec: p, name, asText: true };
    }
  }
  // One level into a nested record that holds the fields (`spec.draftSpec`).
  for (const [box, v] of Object.entries(rec)) {
    if (!isBox(v)) continue;
    const inner = readDraft(Object.fromEntries(Object.entries(v).filter(([, w]) => !isBox(w))));
    if (inner.found) return { ...inner, box };
  }
  return { found: false };
}

/** The draft spec of a record, or undefined when it has none Zonedeck can find. */
export function draftSpecOf(rec: unknown): unknown {
  const r = readDraft(rec);
  return r.found ? r.spec : undefined;
}

/** A spec in canonical form (keys sorted) for "is what the zone kept what was sent". */
export function canonSpec(spec: unknown): string {
  const seen = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(seen);
    if (isRecord(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, seen(v[k])]),
      );
    return v;
  };
  return typeof spec === 'string' ? spec : JSON.stringify(seen(spec ?? null));
}

/** The version number a publish reply names: {version}, {version_number}, {version: {number}}, {published: {version}}. */
export function publishedVersionOf(reply: unknown): number | undefined {
  if (!isRecord(reply)) return num(reply);
  for (const k of ['version', 'version_number', 'versionNumber', 'number', 'published_version']) {
    const v = reply[k];
    const n = isRecord(v) ? publishedVersionOf(v) : num(v);
    if (n !== undefined) return n;
  }
  // Under an envelope, or inside the nested record a style keeps a record's fields in (`spec`, `attributes`).
  for (const k of ['published', 'data', 'result', 'spec', 'attributes', 'properties']) {
    const n = isRecord(reply[k]) ? publishedVersionOf(reply[k]) : undefined;
    if (n !== undefined) return n;
  }
  // One record under a key of the zone's own (`{t19u: {b3u: 2, …}}`): the envelope, named its way.
  const keys = Object.keys(reply);
  if (keys.length === 1 && isRecord(reply[keys[0]!])) return publishedVersionOf(reply[keys[0]!]);
  // A version record in the zone's own words: its one small whole number (a time is far larger).
  const small = Object.values(reply).filter((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) < 1e6);
  return small.length === 1 ? (small[0] as number) : undefined;
}
