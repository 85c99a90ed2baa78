/**
 * Error bodies in a dialect's shape. Handlers throw `{error, message, ...details}`; a seeded zone
 * answers the same facts as one of four shapes, each naming a field or parameter its own way (the
 * forms a client's error reader has to know: field, param, target, missing, errors[].field,
 * errors[].source.parameter, and the name quoted in the message). Some codes differ too.
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

export function errorBody(shape: Choices['errorShape'], f: ErrorFacts, name?: string, place?: Place): unknown {
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
