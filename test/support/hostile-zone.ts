/**
 * A zone that answers whatever a test scripts: any status, headers and body (deep, huge,
 * malformed, trickled), redirects, SSE streams and an echoing WebSocket. It records every
 * request it sees (method, raw path, every header, body), so a test can assert where a call
 * landed and which credentials reached it. Plain http on 127.0.0.1, which the agent accepts.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';

export interface SeenRequest {
  method: string;
  /** The request target exactly as it arrived (path and query, nothing normalised). */
  rawPath: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** True for a WebSocket upgrade. */
  upgrade: boolean;
}

/** What to answer. `body` may be a string, bytes, or chunks sent `delayMs` apart (a trickle). */
export interface Answer {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string | Uint8Array | (string | Uint8Array)[];
  /** Pause before the head, and between chunks when body is an array. */
  delayMs?: number;
  /** Leave the response open after the body (a stalled or endless stream). */
  hang?: boolean;
}

/** A script: a fixed answer, or a function of the request (may be async). */
export type Script = Answer | ((req: SeenRequest) => Answer | Promise<Answer>);

export interface HostileZone {
  baseUrl: string;
  port: number;
  /** Every request seen, in arrival order. */
  readonly seen: SeenRequest[];
  /** Answer requests matching `match` (method + path prefix, a RegExp on "METHOD /path", or any). */
  on(match: string | RegExp | ((req: SeenRequest) => boolean), script: Script): void;
  /** The answer when no script matches (default: 200 `{}` as JSON). */
  fallback(script: Script): void;
  reset(): void;
  close(): Promise<void>;
}

export const json = (value: unknown, status = 200): Answer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: typeof value === 'string' ? value : JSON.stringify(value),
});

/** `[[[…]]]` nested `depth` deep, built as text (JSON.stringify itself would overflow). */
export function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** A token reply the agent adopts as a signed-in session. */
export const tokens = (): Answer => json({ access_token: 'hz-access', refresh_token: 'hz-refresh', expires_in: 3600 });

/** Server-sent events: `events` as `id:`/`event:`/`data:` blocks, the stream kept open unless `end`. */
export function sse(events: { id?: string; event?: string; data: string }[], end = false): Answer {
  const body = events.map(
    (e) =>
      [
        ...(e.id !== undefined ? [`id: ${e.id}`] : []),
        ...(e.event ? [`event: ${e.event}`] : []),
        `data: ${e.data}`,
      ].join('\n') + '\n\n',
  );
  return { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body, hang: !end };
}

type Rule = { test: (req: SeenRequest) => boolean; script: Script };

function matcher(match: string | RegExp | ((req: SeenRequest) => boolean)): (req: SeenRequest) => boolean {
  if (typeof match === 'function') return match;
  if (match instanceof RegExp) return (req) => match.test(`${req.method} ${req.rawPath}`);
  const [method, prefix] = match.includes(' ') ? match.split(' ', 2) : [undefined, match];
  return (req) => (!method || req.method === method) && req.rawPath.startsWith(prefix!);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answer(res: http.ServerResponse, a: Answer): Promise<void> {
  if (a.delayMs) await sleep(a.delayMs);
  if (res.destroyed) return;
  res.writeHead(a.status ?? 200, a.headers ?? {});
  const chunks = a.body === undefined ? [] : Array.isArray(a.body) ? a.body : [a.body];
  for (const [i, chunk] of chunks.entries()) {
    if (res.destroyed) return;
    if (i > 0 && a.delayMs) await sleep(a.delayMs);
    if (!res.write(chunk)) await new Promise((r) => res.once('drain', r));
  }
  if (!a.hang) res.end();
}

export async function startHostileZone(): Promise<HostileZone> {
  const seen: SeenRequest[] = [];
  let rules: Rule[] = [];
  let fallback: Script = json({});
  const sockets = new Set<Socket>();

  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const rec: SeenRequest = {
        method: req.method ?? '',
        rawPath: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
        upgrade: false,
      };
      seen.push(rec);
      const script = rules.find((r) => r.test(rec))?.script ?? fallback;
      void Promise.resolve(typeof script === 'function' ? script(rec) : script)
        .then((a) => answer(res, a))
        .catch(() => res.destroy());
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  // Every upgrade is accepted and echoes what it receives, text as text and binary as binary.
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    seen.push({ method: req.method ?? 'GET', rawPath: req.url ?? '', headers: req.headers, body: '', upgrade: true });
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    seen,
    on(match, script) {
      rules.push({ test: matcher(match), script });
    },
    fallback(script) {
      fallback = script;
    },
    reset() {
      seen.length = 0;
      rules = [];
      fallback = json({});
    },
    async close() {
      for (const c of wss.clients) c.terminate();
      wss.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
