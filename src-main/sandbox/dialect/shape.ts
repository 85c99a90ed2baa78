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
import { errorBody, recode } from './errors';
import { areaOf, SCOPE_AREAS, STANDARD, type DialectSpec } from './points';
import { renamed } from './renamed';
import { reshapeReply } from './reply';
import { translateRequest } from './requests';

function errorReply(routeId: string, err: HttpError, spec: DialectSpec, renames: Record<string, string>) {
  const facts = recode(
    routeId,
    renamed({ status: err.status, code: err.error, message: err.message, details: err.details }, renames),
    spec.choices,
  );
  return { status: facts.status, json: errorBody(spec.choices.errorShape, facts) };
}

/** The seeded layer; `render` false leaves a thrown error to an outer edge (spec.edge). */
async function seeded(routeId: string, handler: Handler, req: SandboxRequest, spec: DialectSpec, render: boolean) {
  const t = translateRequest(req, spec);
  if (t.refuse) return t.refuse;
  const std = t.req ?? req;
  try {
    return reshapeReply(routeId, await handler(std), spec, std);
  } catch (err) {
    if (!render || !(err instanceof HttpError) || !spec.strict || !SCOPE_AREAS[spec.scope].has(areaOf(routeId)))
      throw err;
    return errorReply(routeId, err, spec, t.renames);
  }
}

function inDialect(routeId: string, handler: Handler, req: SandboxRequest, spec: DialectSpec) {
  if (spec.edge) return spec.edge.run(routeId, req, (r) => seeded(routeId, handler, r, spec, false));
  return seeded(routeId, handler, req, spec, true);
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
    const wrapped: WsHandler = (sock, req) => {
      const edge = specOf(req.zone.dialect).edge;
      handler(sock, edge?.inbound ? edge.inbound(req) : req);
    };
    wrapped.protocols = (req) =>
      specOf(req.zone.dialect).choices.console === 'none' ? [] : (handler.protocols?.(req) ?? []);
    out.set(routeId, wrapped);
  }
  return out;
}
