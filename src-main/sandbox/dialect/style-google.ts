/**
 * `style:google`: the open areas in the style of Google's API Improvement Proposals. A record is
 * camelCase (AIP-140) with `name` the resource name `zones/<zone>/<collection>/<id>` (AIP-122; paths
 * take its last segment, the standard id), `uid` the id (AIP-148), `displayName` the human name,
 * `state` an UPPER_SNAKE enum (AIP-216), `createTime`/`updateTime` and other `…Time` fields
 * RFC 3339 (AIP-142). A list is `{<collection>: [...], nextPageToken}` (AIP-158; the token omitted
 * on the last page, as proto3 JSON omits empty strings). A write is the resource itself, camelCase,
 * the human name as `displayName`; snake_case keys or a bare `name` are refused. Errors are
 * `google.rpc.Status` with a `google.rpc.BadRequest` detail naming the fields (AIP-193).
 */
import type { SandboxRequest } from '../core/types';
import { styledError } from './error-styles';
import type { ErrorFacts } from './errors';
import { isRec, type Rec } from './records';
import { FIXED_KEYS, OPAQUE_KEYS } from './random-scope';
import { isRecord, keyOf, keysIn, keysOut } from './style-case';
import type { Style } from './style-edge';
import { camel, FIXED_KINDS, snake, type StyleKind } from './style-kinds';

/** Standard time keys and their AIP-142 names; any other `<x>_at` is `<x>Time`. */
const TIMES: Readonly<Record<string, string>> = {
  created_at: 'createTime',
  updated_at: 'updateTime',
  started_at: 'startTime',
  finished_at: 'endTime',
  deployed_at: 'deployTime',
  status_since: 'stateTime',
};
const FROM_TIME: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TIMES).map(([k, v]) => [v, k]));
const timeKey = (k: string) => TIMES[k] ?? (k.endsWith('_at') ? `${camel(k.slice(0, -3))}Time` : undefined);

const enumWord = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]+/g, '_').toUpperCase() : v);

function fieldPath(std: string): string {
  if (std === 'name' || std === 'full_name') return 'displayName';
  if (std === 'id' || std === 'uuid') return 'uid';
  if (std === 'status') return 'state';
  if (std === 'desired_status') return 'desiredState';
  return FIXED_KEYS.has(std) ? std : (timeKey(std) ?? camel(std));
}

function record(kind: StyleKind, rec: Rec, routeId: string, req: SandboxRequest): unknown {
  if (FIXED_KINDS.has(kind.kind)) return rec;
  if (!isRecord(rec)) return keysOut(rec, camel);
  const workspace = routeId.startsWith('workspaces.');
  const uid = rec.id ?? rec.uuid;
  const out: Rec = { name: `zones/${req.zone.id}/${kind.plural}/${keyOf(rec) ?? ''}` };
  if (uid !== undefined) out.uid = uid;
  const human = rec.name ?? rec.full_name;
  if (human !== undefined) out.displayName = human;
  for (const [k, v] of Object.entries(rec)) {
    if (['id', 'uuid', 'name', 'full_name'].includes(k)) continue;
    // The spec names a workspace's status words: they stay as they are.
    if (workspace && k === 'status') out.status = v;
    else if (k === 'status' || k === 'desired_status') out[fieldPath(k)] = enumWord(v);
    else out[fieldPath(k)] = OPAQUE_KEYS.has(k) ? v : keysOut(v, camel);
  }
  return out;
}

function list(kind: StyleKind, items: unknown[], cursor: unknown, req: SandboxRequest): unknown {
  const rows = items.map((x) => (isRec(x) ? record(kind, x, req.routeId, req) : x));
  return { [kind.plural]: rows, ...(cursor === undefined || cursor === null ? {} : { nextPageToken: String(cursor) }) };
}

const OUTPUT_ONLY = new Set(['uid', 'state', 'createTime', 'updateTime', 'stateTime']);

/** The resource, camelCase, back to the standard body; snake_case keys or a bare `name` name the fields wanted. */
function request(body: Rec): { body: Rec } | { wanted: string[] } {
  const wanted: string[] = [];
  for (const k of Object.keys(body)) {
    if (k === 'name' && !(typeof body.name === 'string' && body.name.startsWith('zones/'))) wanted.push('displayName');
    else if (k.includes('_') && !FIXED_KEYS.has(k)) wanted.push(fieldPath(k));
  }
  if (wanted.length) return { wanted };
  const std: Rec = {};
  for (const [k, v] of Object.entries(body)) {
    // The resource name and output-only fields are ignored on writes (AIP-203).
    if (k === 'name' || OUTPUT_ONLY.has(k)) continue;
    const key = k === 'displayName' ? 'name' : (FROM_TIME[k] ?? (FIXED_KEYS.has(k) ? k : snake(k)));
    std[key] = OPAQUE_KEYS.has(key) ? v : keysIn(v, snake);
  }
  return { body: std };
}

/** google.rpc.Status; INVALID_ARGUMENT is HTTP 400 in this style, whatever the handler said. */
function error(f: ErrorFacts, fields: readonly string[]) {
  const status = f.status === 422 ? 400 : f.status;
  return { status, json: styledError('google', { ...f, status }, fields) };
}

export const GOOGLE: Style = {
  name: 'google',
  list,
  record,
  request: (body) => request(body),
  fieldPath,
  error: (f, fields) => error(f, fields),
};
