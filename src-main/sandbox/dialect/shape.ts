/**
 * The dialect as a thin layer at the sandbox's edge: every module answers in the standard dialect;
 * for a zone speaking another one, each request is translated on the way in (requests.ts), each
 * reply and error reshaped on the way out (reply.ts, errors.ts), and its WebSocket routes
 * understand no subprotocol when the dialect's console has no control messages. Models and
 * handlers know nothing of dialects.
 */
import type { Handler, SandboxRequest, WsHandler } from '../core/types';
import { HttpError } from '../core/types';
import { specOf } from './choose';
import { errorBody, recode, type ErrorFacts } from './errors';
import { areaOf, SCOPE_AREAS, STANDARD, type DialectSpec } from './points';
import { reshapeReply } from './reply';
import { translateRequest } from './requests';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A handler's error with the field names it gives said the dialect's way. */
function renamed(f: ErrorFacts, renames: Record<string, string>): ErrorFacts {
  let message = f.message;
  const details: Record<string, unknown> = { ...f.details };
  for (const [std, own] of Object.entries(renames)) {
    if (std === own) continue;
    // Only where the message names the field: at its start, or quoted.
    message = message
      .replace(new RegExp(`^${escape(std)}\\b`), own)
      .replace(new RegExp(`(['"\`])${escape(std)}\\1`, 'g'), `$1${own}$1`);
    if (details.field === std) details.field = own;
    const fields = details.fields;
    if (fields && typeof fields === 'object' && !Array.isArray(fields) && std in fields) {
      const { [std]: v, ...rest } = fields as Record<string, unknown>;
      details.fields = { ...rest, [own]: v };
    }
  }
  return { ...f, message, details };
}

function errorReply(routeId: string, err: HttpError, spec: DialectSpec, renames: Record<string, string>) {
  const facts = recode(
    routeId,
    renamed({ status: err.status, code: err.error, message: err.message, details: err.details }, renames),
    spec.choices,
  );
  return { status: facts.status, json: errorBody(spec.choices.errorShape, facts) };
}

async function inDialect(routeId: string, handler: Handler, req: SandboxRequest, spec: DialectSpec) {
  const t = translateRequest(req, spec);
  if (t.refuse) return t.refuse;
  const std = t.req ?? req;
  try {
    return reshapeReply(routeId, await handler(std), spec, std);
  } catch (err) {
    if (!(err instanceof HttpError) || !spec.strict || !SCOPE_AREAS[spec.scope].has(areaOf(routeId))) throw err;
    return errorReply(routeId, err, spec, t.renames);
  }
}

/** The handlers, each answering in the dialect its zone speaks now. */
export function withDialect(http: ReadonlyMap<string, Handler>): Map<string, Handler> {
  const out = new Map<string, Handler>();
  for (const [routeId, handler] of http) {
    out.set(routeId, (req) => {
      const spec = specOf(req.zone.dialect);
      return spec === STANDARD ? handler(req) : inDialect(routeId, handler, req, spec);
    });
  }
  return out;
}

/** The WebSocket handlers; where the dialect's console has no control messages, none selects a subprotocol. */
export function wsWithDialect(ws: ReadonlyMap<string, WsHandler>): Map<string, WsHandler> {
  const out = new Map<string, WsHandler>();
  for (const [routeId, handler] of ws) {
    const wrapped: WsHandler = (sock, req) => handler(sock, req);
    wrapped.protocols = (req) =>
      specOf(req.zone.dialect).choices.console === 'none' ? [] : (handler.protocols?.(req) ?? []);
    out.set(routeId, wrapped);
  }
  return out;
}
