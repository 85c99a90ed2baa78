/**
 * A streamed reply said in a dialect: a view of the response whose writes are rewritten line by
 * line as they go (downloads and server-sent events stay streamed, never buffered whole).
 */
import type { ServerResponse } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import { rewriteText, type LineRewriter } from './lines';

type Headers = Record<string, string | string[]>;

/** The headers without those a dialect does not send (lower-case names). */
export function withoutHeaders(headers: Headers | undefined, drop: readonly string[]): Headers | undefined {
  if (!headers || drop.length === 0) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !drop.includes(k.toLowerCase())));
}

/**
 * A view of `res` whose writes are rewritten line by line (a partial line waits for its end),
 * and whose head loses the headers the dialect does not send. Everything else is the response itself.
 */
export function rewritingResponse(res: ServerResponse, line: LineRewriter, drop: readonly string[]): ServerResponse {
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
      rest[rest.length - 1] = withoutHeaders(last as Headers, drop);
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
