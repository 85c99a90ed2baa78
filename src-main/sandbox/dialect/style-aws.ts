/**
 * `style:aws`: the open areas in the style of AWS's JSON APIs (EC2's shapes, the JSON protocol's
 * errors). A record is PascalCase at every depth: the id is `<Kind>Id` (`ContainerId`), the state
 * `State: {Name: "running", Code: 16}` (EC2's codes), the creation time `LaunchTime` (containers,
 * microVMs) or `CreationTime` (ISO 8601). Containers and microVMs, like EC2 instances, carry their
 * name only as a tag, `Tags: [{Key: "Name", Value}]`; every other kind says `Name`. A list is
 * `{<Kinds>: [...], NextToken?}`. Writes are PascalCase; a lowercase key is refused 400
 * `ValidationException` (`x-amzn-ErrorType` header too) naming the member wanted.
 */
import type { SandboxRequest } from '../core/types';
import type { ErrorFacts } from './errors';
import { isRec, type Rec } from './records';
import { FIXED_KEYS, OPAQUE_KEYS } from './random-scope';
import { isRecord, keysIn, keysOut } from './style-case';
import type { Style } from './style-edge';
import { FIXED_KINDS, snake, title, type StyleKind } from './style-kinds';

/** Kinds named only by a `Name` tag, as EC2 instances are. */
const TAGGED = new Set(['Container', 'MicroVM']);
/** EC2's instance-state codes; any other word gets an opaque code above 255 (EC2: ignore the high byte). */
const EC2_CODES: Readonly<Record<string, number>> = {
  pending: 0,
  running: 16,
  'shutting-down': 32,
  terminated: 48,
  stopping: 64,
  stopped: 80,
};

const pascal = (k: string) => (FIXED_KEYS.has(k) ? k : title(k));
const fromPascal = (k: string) => (FIXED_KEYS.has(k) ? k : snake(k).replace(/^_/, ''));
const plural = (kind: StyleKind) => (/[^aeiou]y$/.test(kind.kind) ? `${kind.kind.slice(0, -1)}ies` : `${kind.kind}s`);

export function stateOf(word: unknown): unknown {
  if (typeof word !== 'string') return word;
  const name = word.replace(/_/g, '-');
  let code = EC2_CODES[name];
  if (code === undefined) code = 256 + ([...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7) % 0xff00);
  return { Name: name, Code: code };
}

function fieldPath(std: string): string {
  if (std === 'status') return 'State';
  if (std === 'desired_status') return 'DesiredState';
  return std.split('.').map(pascal).join('.');
}

function record(kind: StyleKind, rec: Rec, routeId: string): unknown {
  if (FIXED_KINDS.has(kind.kind)) return rec;
  if (!isRecord(rec)) return keysOut(rec, pascal);
  const workspace = routeId.startsWith('workspaces.');
  const out: Rec = {};
  const id = rec.id ?? rec.uuid;
  if (id !== undefined) out[`${kind.kind}Id`] = id;
  for (const [k, v] of Object.entries(rec)) {
    if (k === 'id' || k === 'uuid') continue;
    if (k === 'name' && TAGGED.has(kind.kind)) out.Tags = [{ Key: 'Name', Value: v }];
    else if (k === 'created_at') out[TAGGED.has(kind.kind) ? 'LaunchTime' : 'CreationTime'] = v;
    // The spec names a workspace's status words: they stay as they are.
    else if (k === 'status' && workspace) out.status = v;
    else if (k === 'status' || k === 'desired_status') out[fieldPath(k)] = stateOf(v);
    else out[pascal(k)] = OPAQUE_KEYS.has(k) ? v : keysOut(v, pascal);
  }
  return out;
}

function list(kind: StyleKind, items: unknown[], cursor: unknown, req: SandboxRequest): unknown {
  const rows = items.map((x) => (isRec(x) ? record(kind, x, req.routeId) : x));
  return { [plural(kind)]: rows, ...(cursor === undefined || cursor === null ? {} : { NextToken: String(cursor) }) };
}

/** Members a reply says and a write does not take (besides the record's own `<Kind>Id`). */
const OUTPUT_ONLY = new Set(['State', 'DesiredState', 'LaunchTime', 'CreationTime']);

function nameTag(tags: unknown): unknown {
  const tag = Array.isArray(tags) ? (tags as unknown[]).find((t) => isRec(t) && t.Key === 'Name') : undefined;
  return isRec(tag) ? tag.Value : undefined;
}

function request(body: Rec, kind: StyleKind): { body: Rec } | { wanted: string[] } {
  const tagged = TAGGED.has(kind.kind);
  const wanted = Object.keys(body)
    .filter((k) => /^[a-z]/.test(k) && !FIXED_KEYS.has(k))
    .map((k) => (k === 'name' && tagged ? 'Tags' : fieldPath(k)));
  if (tagged && 'Name' in body) wanted.push('Tags');
  if (wanted.length) return { wanted };
  const std: Rec = {};
  for (const [k, v] of Object.entries(body)) {
    if (k === 'Tags' && tagged) {
      const name = nameTag(v);
      if (name !== undefined) std.name = name;
    } else if (!OUTPUT_ONLY.has(k) && k !== `${kind.kind}Id`) {
      const key = fromPascal(k);
      std[key] = OPAQUE_KEYS.has(key) ? v : keysIn(v, fromPascal);
    }
  }
  return { body: std };
}

const TYPES: Readonly<Record<number, string>> = {
  400: 'ValidationException',
  401: 'UnrecognizedClientException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  409: 'ConflictException',
  410: 'ResourceNotFoundException',
  429: 'ThrottlingException',
  503: 'ServiceUnavailableException',
};

/** The members an error names: those given, else the handler's `fields` map; a tagged kind's name is its Tags. */
function violations(f: ErrorFacts, fields: readonly string[], kind: StyleKind | undefined): [string, string][] {
  const map = isRec(f.details.fields) ? f.details.fields : {};
  const named: [string, string][] = fields.length
    ? fields.map((p) => [p, f.status === 422 ? 'Member must not be null' : f.message])
    : Object.entries(map).map(([k, m]) => [fieldPath(k), String(m)]);
  return named.map(([p, m]) => [p === 'Name' && kind && TAGGED.has(kind.kind) ? 'Tags' : p, m]);
}

function error(f: ErrorFacts, fields: readonly string[], kind: StyleKind | undefined) {
  const status = f.status === 422 ? 400 : f.status;
  const type = TYPES[status] ?? (status >= 500 ? 'InternalServerException' : 'ValidationException');
  const v = type === 'ValidationException' ? violations(f, fields, kind) : [];
  const message = v.length
    ? `${v.length} validation error${v.length > 1 ? 's' : ''} detected: ${v
        .map(([p, m]) => `Value ${f.status === 422 ? 'null ' : ''}at '${p}' failed to satisfy constraint: ${m}`)
        .join('; ')}`
    : f.message;
  return { status, json: { __type: type, message }, headers: { 'x-amzn-ErrorType': type } };
}

export const AWS: Style = {
  name: 'aws',
  list,
  record: (kind, rec, routeId) => record(kind, rec, routeId),
  request: (body, kind) => request(body, kind),
  fieldPath,
  error,
};
