/**
 * Error bodies in a dialect's shape. Handlers throw `{error, message, ...details}`; a seeded zone
 * answers the same facts as one of four shapes, each naming a field or parameter its own way (the
 * forms a client's error reader has to know: field, param, target, missing, errors[].field,
 * errors[].source.parameter, and the name quoted in the message). Some codes differ too.
 * Beside the seeded four: `prose` (the fixed dialect of that name: a `<field>_required` code and a
 * sentence, as real zones refuse) and EXTRA_ERROR_SHAPES, the widespread public shapes, for
 * dialects that pick them (not among the seeded alternatives of points.ts, whose picks they would move).
 */
import type { SandboxResponse } from '../core/types';
import type { Choices } from './points';

export interface ErrorFacts {
  status: number;
  code: string;
  message: string;
  details: Record<string, unknown>;
}

type Place = 'body' | 'query';

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{error, message, …}` with the field named as `field` (a body field) or `param` (a query parameter). */
function flat(f: ErrorFacts, name?: string, place?: Place): unknown {
  const { field, ...rest } = f.details;
  const named = name ?? (typeof field === 'string' ? field : undefined);
  const key = place === 'query' ? 'param' : 'field';
  return { error: f.code, message: f.message, ...rest, ...(named ? { [key]: named } : {}) };
}

/** `{errors: [{code, field | source.parameter, message}]}`; a per-node error map becomes one entry per node. */
function errorsArray(f: ErrorFacts, name?: string, place?: Place): unknown {
  const { field, ...rest } = f.details;
  const named = name ?? (typeof field === 'string' ? field : undefined);
  const mapKey = ['errors', 'fields'].find((k) => isMap(rest[k]));
  const errors = mapKey ? rest[mapKey] : undefined;
  if (mapKey) delete rest[mapKey];
  if (isMap(errors)) {
    const entries = Object.entries(errors).map(([node, msgs]) => ({
      code: f.code,
      field: node,
      message: Array.isArray(msgs) ? msgs.join('; ') : String(msgs),
    }));
    return { errors: entries, message: f.message };
  }
  const where = named ? (place === 'query' ? { source: { parameter: named } } : { field: named }) : {};
  return {
    errors: [{ code: f.code, ...where, message: f.message, ...(Object.keys(rest).length ? { meta: rest } : {}) }],
  };
}

/** `{code, detail, param | missing}`: the name also backticked in the detail. */
function codeDetail(f: ErrorFacts, name?: string, place?: Place): unknown {
  const { field, ...rest } = f.details;
  const named = name ?? (typeof field === 'string' ? field : undefined);
  const where = named ? (place === 'query' ? { param: named } : { missing: [named] }) : {};
  return { code: f.code, detail: f.message, ...rest, ...where };
}

/** `{error: {code, message, target, details}}`. */
function nested(f: ErrorFacts, name?: string): unknown {
  const { field, ...rest } = f.details;
  const named = name ?? (typeof field === 'string' ? field : undefined);
  return {
    error: {
      code: f.code,
      message: f.message,
      ...(named ? { target: named } : {}),
      ...(Object.keys(rest).length ? { details: rest } : {}),
    },
  };
}

/** `{error: "<field>_required", message: "<a sentence naming it>"}`: the field is named only in words and in the code. */
export function prose(f: ErrorFacts, names: readonly string[], place?: Place): unknown {
  const { field, ...rest } = f.details;
  const all = names.length ? names : typeof field === 'string' ? [field] : [];
  if (!all.length) return { error: f.code, message: f.message, ...rest };
  const sentence = (n: string) =>
    place === 'query' ? `select it with the query parameter ${n}, e.g. ?${n}=…` : `${n} is required`;
  return { error: `${all[0]}_required`, message: all.map(sentence).join('; ') };
}

const named = (f: ErrorFacts, names: readonly string[]) => {
  const field = f.details.field;
  return names.length ? names : typeof field === 'string' ? [field] : [];
};
const restOf = (f: ErrorFacts) => {
  const { field: _f, ...rest } = f.details;
  return rest;
};

/** RFC 9457 problem details: `invalid-params[].name` (RFC 7807 §3's example). */
/** RFC 9457's `title`: a short summary of the problem's type, the same for every instance of it. */
const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
};

export function rfc9457(f: ErrorFacts, names: readonly string[]): unknown {
  const params = named(f, names).map((name) => ({ name, reason: f.message }));
  return {
    type: `https://zone.example/problems/${f.code}`,
    title: TITLES[f.status] ?? (f.status >= 500 ? 'Internal Server Error' : 'Request refused'),
    status: f.status,
    detail: f.message,
    ...restOf(f),
    ...(params.length ? { 'invalid-params': params } : {}),
  };
}

/** Microsoft/OData: `{error: {code, message, target, details[].target}}`. */
export function odata(f: ErrorFacts, names: readonly string[]): unknown {
  const all = named(f, names);
  const details = all.map((target) => ({ code: f.code, target, message: f.message }));
  return {
    error: {
      code: f.code,
      message: f.message,
      ...(all[0] ? { target: all[0] } : {}),
      ...(details.length ? { details } : {}),
    },
  };
}

const GOOGLE_STATUS: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'FAILED_PRECONDITION',
  422: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
};

/** Google (AIP-193): `{error: {code, message, status, details: [google.rpc.BadRequest {fieldViolations}]}}`. */
export function google(f: ErrorFacts, names: readonly string[]): unknown {
  const fieldViolations = named(f, names).map((field) => ({ field, description: f.message }));
  const details = fieldViolations.length
    ? [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations }]
    : [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: f.code.toUpperCase(), domain: 'zone.example' }];
  return { error: { code: f.status, message: f.message, status: GOOGLE_STATUS[f.status] ?? 'UNKNOWN', details } };
}

/** JSON:API: `{errors: [{status, code, title, detail, source: {pointer | parameter}}]}`. */
export function jsonapi(f: ErrorFacts, names: readonly string[], place?: Place): unknown {
  const base = { status: String(f.status), code: f.code, title: f.message, detail: f.message };
  const all = named(f, names);
  if (!all.length) return { errors: [base] };
  const source = (n: string) => (place === 'query' ? { parameter: n } : { pointer: `/data/attributes/${n}` });
  return { errors: all.map((n) => ({ ...base, source: source(n) })) };
}

/** Rails (and Shopify): `{errors: {field: ["message"]}}`; `base` when no field is named. */
export function rails(f: ErrorFacts, names: readonly string[]): unknown {
  const all = named(f, names);
  return { errors: Object.fromEntries((all.length ? all : ['base']).map((n) => [n, [f.message]])) };
}

/** FastAPI/pydantic v2: `{detail: [{type, loc: [place, field], msg, input}]}`; a string detail when no field is named. */
export function pydantic(f: ErrorFacts, names: readonly string[], place?: Place): unknown {
  const all = named(f, names);
  if (!all.length) return { detail: f.message };
  return { detail: all.map((n) => ({ type: 'missing', loc: [place ?? 'body', n], msg: f.message, input: null })) };
}

/** Error shapes other dialects may pick (never among points.ts's seeded alternatives). */
export const EXTRA_ERROR_SHAPES = ['rfc9457', 'odata', 'google', 'jsonapi', 'rails', 'pydantic'] as const;
export type ExtraErrorShape = (typeof EXTRA_ERROR_SHAPES)[number];
export type ErrorShape = Choices['errorShape'] | ExtraErrorShape | 'prose';

type Shaper = (f: ErrorFacts, names: readonly string[], place?: Place) => unknown;
const SHAPERS: Readonly<Record<ExtraErrorShape | 'prose', Shaper>> = {
  prose,
  rfc9457,
  odata,
  google,
  jsonapi,
  rails,
  pydantic,
};

/** Whether a shape names every field of a refusal itself (the seeded four list several names their own ways). */
const isNamed = (shape: ErrorShape): shape is ExtraErrorShape | 'prose' => Object.hasOwn(SHAPERS, shape);

/** A body of one of the shapes that name every refused field themselves, naming `names`. */
export function namedErrorBody(
  shape: ExtraErrorShape | 'prose',
  f: ErrorFacts,
  names: readonly string[],
  place?: Place,
): unknown {
  return SHAPERS[shape](f, names, place);
}

export function errorBody(shape: ErrorShape, f: ErrorFacts, name?: string, place?: Place): unknown {
  if (isNamed(shape)) return SHAPERS[shape](f, name ? [name] : [], place);
  if (shape === 'errors_array') return errorsArray(f, name, place);
  if (shape === 'code_detail') return codeDetail(f, name, place);
  if (shape === 'nested') return nested(f, name);
  return flat(f, name, place);
}

/**
 * A refusal of a request that named fields or parameters otherwise than this zone does: 400 for
 * a query parameter, 422 for a body field, naming every expected name (the first one everywhere
 * a single name fits, all of them where a list fits).
 */
export function refusal(ch: Choices, place: Place, names: readonly string[]): SandboxResponse {
  const status = place === 'query' ? 400 : 422;
  const what = place === 'query' ? 'query parameter' : 'field';
  const q = (n: string) => (ch.errorShape === 'code_detail' ? `\`${n}\`` : `'${n}'`);
  const message = `missing required ${what}${names.length > 1 ? 's' : ''} ${names.map(q).join(', ')}`;
  const code =
    place === 'query' ? 'invalid_request' : ch.errorShape === 'errors_array' ? 'required' : 'validation_failed';
  const first = names[0]!;
  const facts: ErrorFacts = { status, code, message, details: {} };
  // Widened: the fixed `prose` dialect (choose.ts) carries a shape beyond the seeded alternatives.
  const shape = ch.errorShape as ErrorShape;
  if (isNamed(shape)) return { status, json: SHAPERS[shape](facts, names, place) };
  if (names.length > 1) {
    if (ch.errorShape === 'errors_array') {
      const where = (n: string) => (place === 'query' ? { source: { parameter: n } } : { field: n });
      return { status, json: { errors: names.map((n) => ({ code, ...where(n), message: 'is required' })) } };
    }
    if (ch.errorShape === 'code_detail') return { status, json: { code, detail: message, missing: [...names] } };
    facts.details = { missing: [...names] };
  }
  return { status, json: errorBody(ch.errorShape, facts, first, place) };
}

/** A JSON body where the zone takes raw text (415, saying so). */
export function wantsText(ch: Choices): SandboxResponse {
  const message = 'this zone takes the file content as a raw text/plain body, with the path in the query';
  const f = { status: 415, code: 'unsupported_media_type', message, details: { expected: 'text/plain' } };
  return { status: 415, json: errorBody(ch.errorShape, f) };
}

/** Codes and statuses a dialect says otherwise: the missing connector, the wrong kind of workspace, no deployment yet. */
export function recode(routeId: string, f: ErrorFacts, ch: Choices): ErrorFacts {
  if (f.code === 'no_connector') return { ...f, code: ch.connectorCode };
  if (f.code === 'wrong_workspace_kind' && ch.wrongKind !== '409') {
    const status = Number(ch.wrongKind);
    return { ...f, status, code: status === 404 ? 'not_found' : 'not_applicable' };
  }
  if (routeId === 'workspaces.cicd.latestLog' && f.status === 404 && ch.notDeployed !== '404') {
    const code = ch.notDeployed === '409_not_deployed' ? 'not_deployed' : 'no_deployments';
    return { ...f, status: 409, code, message: 'not deployed yet: this workspace has no deployment' };
  }
  return f;
}
