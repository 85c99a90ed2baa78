/**
 * The edge every style dialect shares: which routes it speaks for (the open areas, as random:N),
 * records and lists handed to the style with their kind, request bodies handed back in standard
 * words (or refused naming the style's own field paths, or in the style's own refusal), thrown
 * errors in the style's body, the style's media type, and what a style says otherwise about a
 * request before anything reads it (`inbound`: prefixed ids, form bodies; WebSocket routes too).
 * A style is data plus a few pure functions (style-k8s.ts …); this file holds no style's words.
 */
import type { SandboxRequest, SandboxResponse } from '../core/types';
import { HttpError } from '../core/types';
import type { Edge, Next } from './edge';
import type { ErrorFacts } from './errors';
import { areaOf, STANDARD, type DialectSpec } from './points';
import { isRec, type Rec } from './records';
import { inRandomScope, RANDOM_AREAS } from './random-scope';
import { renamed } from './renamed';
import { kindOf, type StyleKind } from './style-kinds';

export interface Style {
  readonly name: string;
  /** A standard list's records and cursor (`next_before`), said the style's way. */
  list(kind: StyleKind, items: unknown[], cursor: unknown, req: SandboxRequest): unknown;
  /** One standard record (or a reply that is not a record: config vars, a secret). */
  record(kind: StyleKind, rec: Rec, routeId: string, req: SandboxRequest): unknown;
  /**
   * A request body in the style, back in standard words; or the style's paths of the fields it
   * wanted instead; or the style's own refusal (an unknown parameter, where the style says so).
   */
  request(
    body: Rec,
    kind: StyleKind,
    routeId: string,
  ): { body: Rec } | { wanted: string[] } | { refuse: SandboxResponse };
  /** Where the style says a standard field is (`metadata.name`, `displayName`, `/data/attributes/name` …). */
  fieldPath(std: string): string;
  /** An error (a refusal names `fields`, in the style's paths already) as status and body. */
  error(f: ErrorFacts, fields: readonly string[], kind: StyleKind | undefined): SandboxResponse;
  /** The media type of the style's JSON (JSON:API's `application/vnd.api+json`); JSON when absent. */
  readonly contentType?: string;
  /** The request in standard words before anything else: path ids, cursors, a form-encoded body. */
  inbound?(req: SandboxRequest): SandboxRequest;
}

function refusalFacts(wanted: readonly string[]): ErrorFacts {
  const message = `missing required field${wanted.length > 1 ? 's' : ''} ${wanted.map((w) => `'${w}'`).join(', ')}`;
  return { status: 422, code: 'validation_failed', message, details: {} };
}

function errorOut(style: Style, req: SandboxRequest, err: HttpError): SandboxResponse {
  const routeId = req.routeId;
  let facts: ErrorFacts = { status: err.status, code: err.error, message: err.message, details: err.details };
  const field = typeof facts.details.field === 'string' ? facts.details.field : undefined;
  // Only the field the error names: renaming every key in turn would rename inside the paths said
  // already. A query parameter keeps its name (the spec fixes them): one the request sent, and any
  // a request without a body names (a read selecting a file by a parameter it sent under another name).
  const param = field !== undefined && (req.query.has(field) || req.body === undefined);
  if (field && inRandomScope(routeId) && !param) facts = renamed(facts, { [field]: style.fieldPath(field) });
  const named = typeof facts.details.field === 'string' ? [facts.details.field] : [];
  return style.error(facts, named, kindOf(routeId));
}

function replyOut(style: Style, routeId: string, json: unknown, req: SandboxRequest): unknown {
  const kind = kindOf(routeId)!;
  if (isRec(json) && Array.isArray(json.items)) return style.list(kind, json.items, json.next_before, req);
  if (isRec(json)) return style.record(kind, json, routeId, req);
  return json;
}

/** JSON in the style's media type, where it has one (the core's JSON replies always say application/json). */
function typed(style: Style, out: SandboxResponse): SandboxResponse {
  if (!style.contentType || !('json' in out)) return out;
  const { json, ...rest } = out;
  return { ...rest, text: JSON.stringify(json), contentType: style.contentType };
}

async function run(style: Style, routeId: string, zoneReq: SandboxRequest, next: Next): Promise<SandboxResponse> {
  const req = style.inbound ? style.inbound(zoneReq) : zoneReq;
  const scoped = inRandomScope(routeId);
  let std = req;
  if (scoped && isRec(req.body)) {
    const t = style.request(req.body, kindOf(routeId)!, routeId);
    if ('refuse' in t) return t.refuse;
    if ('wanted' in t) return style.error(refusalFacts(t.wanted), t.wanted, kindOf(routeId));
    std = { ...req, body: t.body };
  }
  try {
    const reply = await next(std);
    if (!scoped || !('json' in reply)) return reply;
    return { ...reply, json: replyOut(style, routeId, reply.json, req) };
  } catch (err) {
    if (err instanceof HttpError) return errorOut(style, req, err);
    throw err;
  }
}

export function styleEdge(style: Style): Edge {
  return {
    async run(routeId: string, req: SandboxRequest, next: Next) {
      if (!RANDOM_AREAS.has(areaOf(routeId))) return next(req);
      const out = await run(style, routeId, req, next);
      // The CI/CD status routes keep JSON as the spec says; their errors are the style's.
      return inRandomScope(routeId) || ('status' in out && out.status >= 400) ? typed(style, out) : out;
    },
    describe: () => ({ style: style.name }),
    ...(style.inbound
      ? { inbound: (req: SandboxRequest) => (RANDOM_AREAS.has(areaOf(req.routeId)) ? style.inbound!(req) : req) }
      : {}),
  };
}

/** A style dialect: the standard choices underneath (the style says everything), every open area. */
export function styleSpec(style: Style): DialectSpec {
  return {
    name: `style:${style.name}`,
    choices: STANDARD.choices,
    scope: 'open',
    strict: true,
    edge: styleEdge(style),
  };
}
