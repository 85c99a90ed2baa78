/** Writes handler results and errors onto the wire; every error body is `{error, message, ...}`. */
import type { ServerResponse } from 'node:http';
import { HttpError, type SandboxRequest, type SandboxResponse } from './types';

type Headers = Record<string, string | string[]>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, err: unknown, headers: Headers = {}): void {
  if (res.headersSent) {
    res.destroy(); // mid-stream failure: the only honest signal left is a cut connection
    return;
  }
  if (err instanceof HttpError) {
    sendJson(res, err.status, { error: err.error, message: err.message, ...err.details }, headers);
    return;
  }
  const message = err instanceof Error ? err.message : String(err);
  sendJson(res, 500, { error: 'internal_error', message }, headers);
}

export async function sendResult(res: ServerResponse, out: SandboxResponse, req: SandboxRequest): Promise<void> {
  if ('stream' in out) {
    await out.stream(res, req);
    return;
  }
  const headers = out.headers ?? {};
  if ('json' in out) return sendJson(res, out.status, out.json, headers);
  if ('text' in out) {
    const ct = out.contentType ?? 'text/plain; charset=utf-8';
    res.writeHead(out.status, { ...headers, 'content-type': ct, 'content-length': Buffer.byteLength(out.text) });
    res.end(out.text);
    return;
  }
  res.writeHead(out.status, { ...headers, 'content-length': 0 });
  res.end();
}
