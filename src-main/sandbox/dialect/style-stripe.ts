/**
 * `style:stripe`: the open areas in Stripe's API style. A record is `{id: "<prefix>_…", object:
 * "<kind>", created: <epoch seconds>, …snake_case fields, status, metadata: {}, livemode: false}`
 * (times epoch seconds at every depth; references prefixed like ids: style-stripe-wire.ts). A list
 * is `{object: "list", data, has_more, url}`; the next page is `?before=<last object's id>`, as
 * Stripe's `starting_after`. Writes are snake_case, JSON or form-encoded; a parameter in another
 * case is refused `parameter_unknown`. Errors are `{error: {type, code, param, message, doc_url}}`.
 */
import type { SandboxRequest } from '../core/types';
import type { ErrorFacts } from './errors';
import { isRec, type Rec } from './records';
import { OPAQUE_KEYS } from './random-scope';
import { isRecord } from './style-case';
import type { Style } from './style-edge';
import { FIXED_KINDS, snake, type StyleKind } from './style-kinds';
import { inbound, PREFIX, prefixed, REFERENCES, unprefixed } from './style-stripe-wire';

const TIME = /(_at|_since)$/;
const OBJECT: Readonly<Record<string, string>> = {
  MicroVM: 'microvm',
  PublicIP: 'public_ip',
  VPNGateway: 'vpn_gateway',
};
const objectOf = (kind: StyleKind) => OBJECT[kind.kind] ?? snake(kind.kind).replace(/^_/, '');

const epoch = (v: unknown) => {
  const ms = typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isNaN(ms) ? v : Math.floor(ms / 1000);
};

/** Times as epoch seconds at every depth; the user's own data kept whole. */
function epochs(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(epochs);
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) out[k] = OPAQUE_KEYS.has(k) ? x : TIME.test(k) ? epoch(x) : epochs(x);
  return out;
}

function record(kind: StyleKind, rec: Rec): unknown {
  if (FIXED_KINDS.has(kind.kind) || !isRecord(rec)) return rec;
  const prefix = PREFIX[kind.kind];
  const id = rec.id ?? rec.uuid;
  const out: Rec = {};
  if (typeof id === 'string') out.id = prefix ? prefixed(prefix, id) : id;
  out.object = objectOf(kind);
  if (rec.created_at !== undefined) out.created = epoch(rec.created_at);
  for (const [k, v] of Object.entries(rec)) {
    if (k === 'id' || k === 'uuid' || k === 'created_at') continue;
    const ref = REFERENCES[k];
    out[k] =
      ref && typeof v === 'string' ? prefixed(ref, v) : OPAQUE_KEYS.has(k) ? v : TIME.test(k) ? epoch(v) : epochs(v);
  }
  return { ...out, metadata: {}, livemode: false };
}

function list(kind: StyleKind, items: unknown[], cursor: unknown, req: SandboxRequest): unknown {
  const data = items.map((x) => (isRec(x) ? record(kind, x) : x));
  return { object: 'list', data, has_more: cursor !== undefined && cursor !== null, url: req.path };
}

/** `a.b.0` (a handler's nested field) as Stripe names it: `a[b][0]`. */
const fieldPath = (std: string) => std.replace(/\.([^.]+)/g, '[$1]');

const SNAKE = /^[a-z][a-z0-9_]*$/;
/** Keys of a reply that are no parameter. */
const READ_ONLY = new Set(['object', 'created', 'livemode']);

function request(body: Rec): { body: Rec } | { refuse: ReturnType<typeof error> } {
  const unknown = Object.keys(body).find((k) => !SNAKE.test(k) || READ_ONLY.has(k));
  if (unknown) {
    const message = `Received unknown parameter: ${unknown}`;
    return { refuse: error({ status: 400, code: 'parameter_unknown', message, details: {} }, [unknown]) };
  }
  const std: Rec = {};
  for (const [k, v] of Object.entries(body)) {
    // The metadata map is accepted and not kept: the sandbox's records have no place for it.
    if (k === 'metadata') continue;
    std[k] = (k === 'id' || REFERENCES[k]) && typeof v === 'string' ? unprefixed(v) : v;
  }
  return { body: std };
}

/** The parameter an error names: the one given, else the first of the handler's `fields` map. */
function paramOf(f: ErrorFacts, fields: readonly string[]): string | undefined {
  if (fields[0]) return fields[0];
  const map = f.details.fields;
  const first = isRec(map) ? Object.keys(map)[0] : undefined;
  return first === undefined ? undefined : fieldPath(first);
}

/** The Stripe code: what the message says, or the first field's message (`fields: {name: "Name is required."}`). */
function codeOf(f: ErrorFacts): string {
  if (f.status === 404) return 'resource_missing';
  if (f.status === 429) return 'rate_limit';
  const map = f.details.fields;
  const said = [f.message, ...(isRec(map) ? Object.values(map).slice(0, 1).map(String) : [])].join(' ');
  if ((f.status === 400 || f.status === 422) && /required|missing/i.test(said)) return 'parameter_missing';
  return f.code;
}

function error(f: ErrorFacts, fields: readonly string[]) {
  const status = f.status === 422 ? 400 : f.status;
  const code = codeOf(f);
  const param = paramOf(f, fields);
  const json = {
    error: {
      type: status >= 500 ? 'api_error' : 'invalid_request_error',
      code,
      ...(param ? { param } : {}),
      message: f.message,
      doc_url: `https://docs.sandbox.localhost/error-codes/${code.replace(/_/g, '-')}`,
    },
  };
  return { status, json };
}

export const STRIPE: Style = {
  name: 'stripe',
  list,
  record: (kind, rec) => record(kind, rec),
  request: (body) => request(body),
  fieldPath,
  error: (f, fields) => error(f, fields),
  inbound,
};
