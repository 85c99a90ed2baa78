/**
 * Replies a hostile or broken zone might send, for the client's tests: a body that is not JSON, a
 * body of the test's own (records in shapes no dialect makes),
 * one nested thousands deep, one hundreds of MiB long (streamed, never held), an event-stream line
 * with no end. Set with POST /_sandbox/faults {reply: {...}} for one route; see docs/sandbox.md.
 */
import type { ServerResponse } from 'node:http';
import { HttpError } from './types';

export type ReplyFaultMode = 'malformed' | 'fixed' | 'deep' | 'huge' | 'long_sse_line';

export interface ReplyFault {
  mode: ReplyFaultMode;
  /** Operation id of the route whose replies are replaced. */
  route: string;
  status: number;
  /** deep: levels of nesting. */
  depth: number;
  /** huge, long_sse_line: bytes sent. */
  bytes: number;
  /** malformed, fixed: the body sent as is. */
  body: string;
  contentType?: string;
  /** Replies left to replace; unlimited when absent. */
  remaining?: number;
}

const MODES: readonly ReplyFaultMode[] = ['malformed', 'fixed', 'deep', 'huge', 'long_sse_line'];
const CHUNK = 64 * 1024;

const bad = (msg: string) => new HttpError(400, 'invalid_request', `reply.${msg}`);
const int = (v: unknown, key: string, min: number, max: number, dflt: number): number => {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw bad(`${key} must be a whole number from ${min} to ${max}.`);
  return v;
};

/** The `reply` key of POST /_sandbox/faults: null clears it. */
export function parseReplyFault(v: unknown): ReplyFault | undefined {
  if (v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw bad('must be an object or null.');
  const o = v as Record<string, unknown>;
  if (!MODES.includes(o.mode as ReplyFaultMode)) throw bad(`mode must be one of ${MODES.join(', ')}.`);
  if (typeof o.route !== 'string' || !o.route) throw bad('route must be an operation id.');
  if (o.body !== undefined && typeof o.body !== 'string') throw bad('body must be a string.');
  if (o.mode === 'fixed' && typeof o.body !== 'string') throw bad('body is required for fixed.');
  if (o.content_type !== undefined && typeof o.content_type !== 'string') throw bad('content_type must be a string.');
  const fault: ReplyFault = {
    mode: o.mode as ReplyFaultMode,
    route: o.route,
    status: int(o.status, 'status', 200, 599, 200),
    depth: int(o.depth, 'depth', 1, 1_000_000, 5000),
    bytes: int(o.bytes, 'bytes', 1, 4 * 1024 ** 3, 80 * 1024 * 1024),
    body: (o.body as string | undefined) ?? '{"items": [{"id": "broken", "name": ',
  };
  if (o.content_type !== undefined) fault.contentType = o.content_type as string;
  if (o.count !== undefined) fault.remaining = int(o.count, 'count', 1, 1_000_000, 1);
  return fault;
}

export function replyFaultBody(f: ReplyFault | undefined) {
  if (!f) return null;
  return {
    mode: f.mode,
    route: f.route,
    status: f.status,
    depth: f.depth,
    bytes: f.bytes,
    ...(f.contentType ? { content_type: f.contentType } : {}),
    ...(f.remaining !== undefined ? { count: f.remaining } : {}),
  };
}

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/** Writes `total` bytes of `fill` after `head`, then `tail`, waiting for the socket to drain. */
async function stream(res: ServerResponse, head: string, total: number, fill: string, tail: string): Promise<void> {
  let gone = false;
  res.on('close', () => (gone = true));
  res.write(head);
  const piece = fill.repeat(Math.ceil(CHUNK / fill.length)).slice(0, CHUNK);
  for (let sent = 0; sent < total && !gone; sent += piece.length) {
    const part = total - sent < piece.length ? piece.slice(0, total - sent) : piece;
    if (!res.write(part)) await drainOrClose(res);
  }
  if (!gone) res.end(tail);
}

export async function sendReplyFault(res: ServerResponse, f: ReplyFault): Promise<void> {
  const errorish = f.status >= 300 ? '"error": "injected_fault", "message": "Fault injected by the sandbox.", ' : '';
  const type = (dflt: string) => f.contentType ?? dflt;
  switch (f.mode) {
    case 'malformed':
    case 'fixed':
      res.writeHead(f.status, { 'content-type': type('application/json') });
      return void res.end(f.body);
    case 'deep': {
      const deep = '['.repeat(f.depth) + ']'.repeat(f.depth);
      res.writeHead(f.status, { 'content-type': type('application/json') });
      return void res.end(`{${errorish}"items": [{"id": "deep", "name": "deep", "nested": ${deep}}]}`);
    }
    case 'huge':
      res.writeHead(f.status, { 'content-type': type('application/json') });
      // An array of strings: valid JSON of about `bytes` bytes, with no Content-Length.
      return stream(res, `{${errorish}"items": ["`, f.bytes, 'x', '"]}');
    case 'long_sse_line':
      res.writeHead(f.status, { 'content-type': type('text/event-stream'), 'cache-control': 'no-cache' });
      return stream(res, 'data: ', f.bytes, 'x', '\n\n');
  }
}
