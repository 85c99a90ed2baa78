/**
 * `style:jsonapi`: the open areas as JSON:API documents (jsonapi.org, v1.1). A record is a resource
 * object `{type: "<plural>", id, attributes: {...camelCase}, relationships?}` (a reference such as
 * `workflow_id` is a relationship, not an attribute); a list is `{data: [...], links: {self, next?},
 * meta: {count}}`; a reply that is no record (config vars, a rotated secret) is a meta-only document
 * `{meta}`. A write is `{data: {type?, id?, attributes, relationships?}}`; a flat body is refused
 * 422 naming `/data/attributes/<field>`. Errors are `{errors: [{status, code, title, detail,
 * source: {pointer} | {parameter}}]}`. Replies and errors say `application/vnd.api+json`.
 */
import type { SandboxRequest } from '../core/types';
import type { ErrorFacts } from './errors';
import { isRec, type Rec } from './records';
import { FIXED_KEYS, OPAQUE_KEYS } from './random-scope';
import { isRecord, keyOf, keysIn, keysOut } from './style-case';
import type { Style } from './style-edge';
import { camel, FIXED_KINDS, snake, type StyleKind } from './style-kinds';

export const JSONAPI_TYPE = 'application/vnd.api+json';

/** References said as relationships: the standard key and the related resource type. */
const RELATIONS: Readonly<Record<string, string>> = {
  workflow_id: 'workflows',
  repo_id: 'repositories',
  case_id: 'evalCases',
  suite_id: 'evalSuites',
  run_id: 'workflowRuns',
};
const RELATION_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(RELATIONS).map((k) => [camel(k.replace(/_id$/, '')), k]),
);
/** The resource's identity, said as `id` rather than among the attributes. */
const IDENTITY = new Set(['id', 'uuid']);

const attrKey = (k: string) => (FIXED_KEYS.has(k) ? k : camel(k));

function resource(kind: StyleKind, rec: Rec): Rec {
  const id = keyOf(rec);
  // The spec fixes chat and deployment-history entries field by field: their attributes stay as they are.
  if (FIXED_KINDS.has(kind.kind)) return { type: kind.plural, id, attributes: rec };
  const attributes: Rec = {};
  const relationships: Rec = {};
  for (const [k, v] of Object.entries(rec)) {
    if (IDENTITY.has(k)) continue;
    const rel = RELATIONS[k];
    if (rel && (typeof v === 'string' || v === null))
      relationships[camel(k.replace(/_id$/, ''))] = { data: v === null ? null : { type: rel, id: v } };
    else attributes[attrKey(k)] = OPAQUE_KEYS.has(k) ? v : keysOut(v, camel);
  }
  return { type: kind.plural, id, attributes, ...(Object.keys(relationships).length ? { relationships } : {}) };
}

function record(kind: StyleKind, rec: Rec): unknown {
  if (!isRecord(rec)) return { meta: keysOut(rec, camel) };
  return { data: resource(kind, rec), jsonapi: { version: '1.1' } };
}

function list(kind: StyleKind, items: unknown[], cursor: unknown, req: SandboxRequest): unknown {
  const self = `${req.path}${req.query.size ? `?${req.query.toString()}` : ''}`;
  const links: Rec = { self };
  if (cursor !== undefined && cursor !== null) {
    const q = new URLSearchParams(req.query);
    q.set('before', String(cursor));
    links.next = `${req.path}?${q.toString()}`;
  }
  const data = items.map((x) => (isRec(x) ? resource(kind, x) : x));
  return { data, links, meta: { count: data.length }, jsonapi: { version: '1.1' } };
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function fieldPath(std: string): string {
  if (IDENTITY.has(std)) return '/data/id';
  if (RELATIONS[std]) return `/data/relationships/${camel(std.replace(/_id$/, ''))}`;
  return `/data/attributes/${escapePointer(attrKey(std))}`;
}

/** `{data: {attributes, relationships}}` back to the standard body; anything else names where its fields belong. */
function request(body: Rec): { body: Rec } | { wanted: string[] } {
  const wanted = Object.keys(body)
    .filter((k) => !['data', 'meta', 'jsonapi'].includes(k))
    .map((k) => fieldPath(snake(k)));
  if (wanted.length) return { wanted };
  // An empty document (an action's `{}`) asks nothing; anything else carries its resource in `data`.
  if (!isRec(body.data)) return Object.keys(body).length ? { wanted: ['/data'] } : { body: {} };
  const attrs = isRec(body.data.attributes) ? (keysIn(body.data.attributes, snake) as Rec) : {};
  const refs: Rec = {};
  const rels = isRec(body.data.relationships) ? body.data.relationships : {};
  for (const [name, rel] of Object.entries(rels)) {
    const std = RELATION_OF[name];
    if (std && isRec(rel) && (isRec(rel.data) || rel.data === null)) refs[std] = rel.data === null ? null : rel.data.id;
  }
  return { body: { ...attrs, ...refs } };
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  415: 'Unsupported Media Type',
  422: 'Invalid Attribute',
  429: 'Too Many Requests',
};

/** A pointer (`/data/…`, said by fieldPath) is a body field; any other name is a query parameter. */
const sourceOf = (name: string) => (name.startsWith('/') ? { pointer: name } : { parameter: name });

function error(f: ErrorFacts, fields: readonly string[]) {
  const title = TITLES[f.status] ?? (f.status >= 500 ? 'Internal Server Error' : 'Request refused');
  const one = (name?: string) => ({
    status: String(f.status),
    code: f.code,
    title,
    detail: name && fields.length > 1 ? `${name} is required` : f.message,
    ...(name ? { source: sourceOf(name) } : {}),
  });
  return { status: f.status, json: { errors: fields.length ? fields.map(one) : [one()], jsonapi: { version: '1.1' } } };
}

export const JSONAPI: Style = {
  name: 'jsonapi',
  contentType: JSONAPI_TYPE,
  list,
  record: (kind, rec) => record(kind, rec),
  request: (body) => request(body),
  fieldPath,
  error: (f, fields) => error(f, fields),
};
