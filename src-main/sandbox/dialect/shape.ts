/**
 * The dialect as a thin layer at the sandbox's edge: every module answers in the standard dialect,
 * and for a zone speaking the variant its replies are reshaped on the way out (JSON records and
 * list envelopes, log lines, run-event names), and its WebSocket routes understand no subprotocol.
 * Models and handlers know nothing of dialects (but for the console's one check of its zone's).
 */
import type { ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { Handler, SandboxResponse, WsHandler } from '../core/types';
import { shapedArea, STANDARD_ONLY_HEADERS, variantJson, variantLogLine, variantSseLine } from './vocabulary';

type Headers = Record<string, string | string[]>;

/** Line rewriters for replies that are text or streamed text, by route id. */
const LINE_REWRITERS: Readonly<Record<string, (line: string) => string>> = {
  'containers.logs': variantLogLine,
  'containers.logs.archive': variantLogLine,
  'workflowRuns.stream': variantSseLine,
};

function withoutStandardHeaders(headers: Headers | undefined): Headers | undefined {
  if (!headers) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !STANDARD_ONLY_HEADERS.includes(k.toLowerCase())));
}

const rewriteText = (text: string, line: (l: string) => string) => text.split('\n').map(line).join('\n');

/**
 * A view of `res` whose writes are rewritten line by line (a partial line waits for its end),
 * and whose head loses the standard-only headers. Everything else is the response itself.
 */
function rewritingResponse(res: ServerResponse, line: (l: string) => string): ServerResponse {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  const take = (chunk: unknown, final: boolean): string => {
    let text = carry;
    if (typeof chunk === 'string') text += chunk;
    else if (chunk instanceof Uint8Array) text += decoder.write(Buffer.from(chunk));
    if (final) text += decoder.end();
    const cut = final ? text.length : text.lastIndexOf('\n') + 1;
    carry = text.slice(cut);
    return rewriteText(text.slice(0, cut), line);
  };
  const writeHead = (status: number, ...rest: unknown[]) => {
    const last = rest.length ? rest[rest.length - 1] : undefined;
    if (typeof last === 'object' && last !== null && !Array.isArray(last))
      rest[rest.length - 1] = withoutStandardHeaders(last as Headers);
    return (res.writeHead as (...a: unknown[]) => ServerResponse)(status, ...rest);
  };
  const write = (chunk: unknown, ...rest: unknown[]) => {
    const out = take(chunk, false);
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (out === '') {
      cb?.();
      return !res.writableNeedDrain;
    }
    return cb ? res.write(out, cb) : res.write(out);
  };
  const end = (chunk?: unknown, ...rest: unknown[]) => {
    const cb = [chunk, ...rest].find((r) => typeof r === 'function') as (() => void) | undefined;
    const out = take(typeof chunk === 'function' ? undefined : chunk, true);
    return cb ? res.end(out, cb) : res.end(out);
  };
  const own: Record<string | symbol, unknown> = { writeHead, write, end };
  return new Proxy(res, {
    get(target, prop) {
      if (prop in own) return own[prop];
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** One reply in the variant dialect. */
export function variantReply(routeId: string, reply: SandboxResponse): SandboxResponse {
  const line = LINE_REWRITERS[routeId];
  if ('stream' in reply) {
    if (!line) return reply;
    return { stream: (res, req) => reply.stream(rewritingResponse(res, line), req) };
  }
  const headers = withoutStandardHeaders(reply.headers);
  if ('json' in reply) return shapedArea(routeId) ? { ...reply, json: variantJson(reply.json), headers } : reply;
  if ('text' in reply && line) return { ...reply, text: rewriteText(reply.text, line), headers };
  return reply;
}

/** The handlers, each answering in the dialect its zone speaks now. */
export function withDialect(http: ReadonlyMap<string, Handler>): Map<string, Handler> {
  const out = new Map<string, Handler>();
  for (const [routeId, handler] of http) {
    out.set(routeId, async (req) => {
      const reply = await handler(req);
      return req.zone.dialect === 'variant' ? variantReply(routeId, reply) : reply;
    });
  }
  return out;
}

/** The WebSocket handlers; in a variant zone each understands no subprotocol, so none is ever selected. */
export function wsWithDialect(ws: ReadonlyMap<string, WsHandler>): Map<string, WsHandler> {
  const out = new Map<string, WsHandler>();
  for (const [routeId, handler] of ws) {
    const wrapped: WsHandler = (sock, req) => handler(sock, req);
    wrapped.protocols = (req) => (req.zone.dialect === 'variant' ? [] : (handler.protocols?.(req) ?? []));
    out.set(routeId, wrapped);
  }
  return out;
}
