/** Serves the built renderer with the same strict CSP the Electron window gets. */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * A file up to this size is read at once and sent in one write; a larger one (Monaco's) is
 * streamed. A page's start asks for ~70 files of a few kB, and its first script is ~310 kB: a read
 * stream each (open, reads of 64 kB, close on the thread pool, and a stream's machinery) cost the
 * host's thread ~1 ms a file, and the first script's reads waited behind the host's own start
 * (#39). A read of 1 MB from the page cache is well under a millisecond.
 */
const READ_AT_ONCE_BYTES = 1024 * 1024;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

export function csp(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function serveStatic(root: string, port: number, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  let rel: string;
  try {
    rel = decodeURIComponent(url.pathname);
  } catch {
    return end(res, 400, 'Bad path'); // the answer is the error: a malformed path from the client
  }
  const file = path.resolve(root, `.${rel === '/' ? '/index.html' : rel}`);
  if (!file.startsWith(path.resolve(root) + path.sep)) return end(res, 404, 'Not found');
  let size: number;
  try {
    const st = statSync(file);
    if (!st.isFile()) return end(res, 404, 'Not found');
    size = st.size;
  } catch {
    return end(res, 404, 'Not found'); // no such file: the 404 says it
  }
  let whole: Buffer | undefined;
  try {
    if (size <= READ_AT_ONCE_BYTES && req.method !== 'HEAD') whole = readFileSync(file);
  } catch {
    return end(res, 404, 'Not found'); // gone since its stat
  }
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': whole?.length ?? size,
    'content-security-policy': csp(port),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cache-control': file.endsWith('index.html') ? 'no-store' : 'public, max-age=31536000, immutable',
  });
  if (req.method === 'HEAD') return void res.end();
  if (whole) return void res.end(whole);
  createReadStream(file).pipe(res);
}

function end(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
}
