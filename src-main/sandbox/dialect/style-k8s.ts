/**
 * `style:k8s`: records as Kubernetes objects. A record is `{apiVersion, kind, metadata: {name, uid,
 * creationTimestamp}, spec: {...}, status: {phase, conditions}}` (camelCase fields; the id is
 * `metadata.uid` and paths take it; the state is `status.phase` in TitleCase); a list is
 * `{apiVersion, kind: "<Kind>List", metadata: {continue}, items}`; a write is
 * `{metadata: {name}, spec: {...}}`; an error is a `Status` with `details.causes[].field`.
 * What the spec fixes keeps its name (workspace `status`/`last_error`, creation inputs, chat and
 * deployment-history entries, `before`/`limit`).
 */
import type { SandboxRequest } from '../core/types';
import type { ErrorFacts } from './errors';
import { isRec, type Rec } from './records';
import { FIXED_KEYS, OPAQUE_KEYS } from './random-scope';
import { keysIn, keysOut } from './style-case';
import type { Style } from './style-edge';
import { camel, FIXED_KINDS, snake, title, type StyleKind } from './style-kinds';

const API_VERSION = 'zonedeck.sandbox/v1';
const TIME = /(_at|_since)$/;
const READY = new Set(['running', 'ready', 'active', 'succeeded', 'attached', 'available']);
/** Keys of a standard record said in metadata or status rather than spec. */
const META = new Set(['id', 'uuid', 'name', 'created_at', 'status', 'desired_status', 'last_error']);

const camelDeep = (v: unknown) => keysOut(v, camel);
const snakeDeep = (v: unknown) => keysIn(v, snake);

const isRecord = (r: Rec) => ['id', 'uuid', 'name', 'path', 'full_name', 'version'].some((k) => k in r);

function record(kind: StyleKind, rec: Rec, routeId: string): unknown {
  const workspace = routeId.startsWith('workspaces.');
  if (FIXED_KINDS.has(kind.kind) || !isRecord(rec)) return FIXED_KINDS.has(kind.kind) ? rec : camelDeep(rec);
  const uid = rec.id ?? rec.uuid;
  const name = rec.name ?? rec.path ?? rec.full_name ?? (rec.version !== undefined ? `v${String(rec.version)}` : uid);
  const metadata: Rec = { name, ...(uid !== undefined ? { uid } : {}) };
  // Kubernetes writes RFC 3339 to the second.
  if (typeof rec.created_at === 'string') metadata.creationTimestamp = rec.created_at.replace(/\.\d+Z$/, 'Z');
  const spec: Rec = {};
  const status: Rec = {};
  for (const [k, x] of Object.entries(rec)) {
    if (META.has(k)) continue;
    if (TIME.test(k) && !workspace) status[camel(k)] = x;
    else spec[FIXED_KEYS.has(k) ? k : camel(k)] = OPAQUE_KEYS.has(k) ? x : camelDeep(x);
  }
  if (typeof rec.desired_status === 'string') spec.desiredPhase = title(rec.desired_status);
  const out: Rec = { apiVersion: API_VERSION, kind: kind.kind, metadata, spec };
  // The spec names a workspace's status words and last_error: they stay as they are.
  if (workspace) return { ...out, status: rec.status, last_error: rec.last_error ?? null };
  if (typeof rec.status === 'string') {
    const since = rec.status_since ?? rec.updated_at ?? rec.created_at;
    status.phase = title(rec.status);
    status.conditions = [
      {
        type: 'Ready',
        status: READY.has(rec.status) ? 'True' : 'False',
        reason: title(rec.status),
        lastTransitionTime: since,
      },
    ];
  }
  return Object.keys(status).length ? { ...out, status } : out;
}

function list(kind: StyleKind, items: unknown[], cursor: unknown, req: SandboxRequest): unknown {
  const metadata: Rec = cursor === undefined || cursor === null ? {} : { continue: cursor };
  return {
    apiVersion: API_VERSION,
    kind: `${kind.kind}List`,
    metadata,
    items: items.map((x) => (isRec(x) ? record(kind, x, req.routeId) : x)),
  };
}

/** `{metadata: {name}, spec}` back to the standard body; a flat body names where its fields belong. */
function request(body: Rec): { body: Rec } | { wanted: string[] } {
  const wanted = Object.keys(body)
    .filter((k) => !['apiVersion', 'kind', 'metadata', 'spec', 'status'].includes(k))
    .map(fieldPath);
  if (wanted.length) return { wanted };
  const meta = isRec(body.metadata) ? body.metadata : {};
  const spec = isRec(body.spec) ? (snakeDeep(body.spec) as Rec) : {};
  return { body: { ...spec, ...(meta.name !== undefined ? { name: meta.name } : {}) } };
}

function fieldPath(std: string): string {
  if (std === 'name') return 'metadata.name';
  if (std === 'id' || std === 'uuid') return 'metadata.uid';
  if (std === 'status') return 'status.phase';
  return `spec.${FIXED_KEYS.has(std) ? std : camel(std)}`;
}

const REASONS: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

function error(f: ErrorFacts, fields: readonly string[], kind: StyleKind | undefined) {
  const reason = REASONS[f.status] ?? (f.status >= 500 ? 'InternalError' : 'BadRequest');
  const causes = fields.map((field) => ({
    reason: f.status === 422 ? 'FieldValueRequired' : 'FieldValueInvalid',
    message: f.status === 422 ? 'Required value' : f.message,
    field,
  }));
  const details: Rec = { ...(kind ? { kind: kind.plural } : {}), ...(causes.length ? { causes } : {}) };
  const json = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: f.message,
    reason,
    details,
    code: f.status,
  };
  return { status: f.status, json };
}

export const K8S: Style = {
  name: 'k8s',
  list,
  record,
  request: (body) => request(body),
  fieldPath,
  error,
};
