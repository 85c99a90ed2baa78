/**
 * The browser host: the built renderer and the agent's command table over one WebSocket, on
 * 127.0.0.1 only, behind a per-launch token and Host/Origin checks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { Agent } from '../agent/agent-types';
import { type Logger, silentLogger } from '../agent/log';
import { hostAllowed, newToken, originAllowed, tokenMatches } from './guards';
import { SESSION_PATH, SessionCookie } from './session-cookie';
import { serveStatic } from './static-files';
import { mark } from '../agent/marks';

/** Every request is local and small: its head arrives at once, its whole within seconds. */
const HELLO_LIMITS: http.ServerOptions = {
  headersTimeout: 5000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1000,
};

const MAX_CONNECTIONS = 256;

export interface WebHostOptions {
  /**
   * The agent, or its promise: the page is served at once, and its socket is answered once the
   * agent is there (cli.ts serves the page while the agent loads).
   */
  agent: Agent | Promise<Agent>;
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; a fresh random one otherwise. */
  token?: string;
  log?: Logger;
  /**
   * Called when a page has been sent its document (or anything else), or its socket connected: the
   * browser is busy with its own start for a while (~50 ms from the document to the first script's
   * request here: a new origin gets a renderer of its own), and the host's thread is free for its
   * own (cli.ts loads undici then).
   */
  onPageLoading?: () => void;
}

export interface WebHost {
  /** The address to open, token in the fragment (never sent to a server, never logged). */
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export async function startWebHost(o: WebHostOptions): Promise<WebHost> {
  const token = o.token ?? newToken();
  const log = o.log ?? silentLogger;
  let port = 0;
  const session = new SessionCookie(() => port);
  // A connection that has not sent its request (for the page's socket: the upgrade with the token,
  // its hello) within a few seconds is closed; checked every second, not Node's default 30.
  const server = http.createServer(HELLO_LIMITS, (req, res) => {
    if (!hostAllowed(req.headers.host, port)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden host');
      return;
    }
    if (req.url === SESSION_PATH) {
      answerSession(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    mark('http.first-request');
    serveStatic(o.rendererDir, port, req, res);
    if (o.onPageLoading) res.once('finish', o.onPageLoading);
  });
  /**
   * POST only, from our own Origin: with the launch token (x-zonedeck-token) it sets the session
   * cookie; without, it says whether the cookie sent is this launch's (204) or not (401).
   */
  function answerSession(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    if (!originAllowed(req.headers.origin, port)) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Forbidden origin');
      return;
    }
    req.resume();
    const given = req.headers['x-zonedeck-token'];
    const headers = { 'cache-control': 'no-store' };
    if (typeof given === 'string') {
      if (!tokenMatches(token, given)) res.writeHead(401, headers).end();
      else res.writeHead(204, { ...headers, 'set-cookie': session.header() }).end();
      return;
    }
    res.writeHead(session.matches(req.headers.cookie) ? 204 : 401, headers).end();
  }

  // Far more than a browser opens to one host: a local flood of silent connections stays bounded.
  server.maxConnections = MAX_CONNECTIONS;
  // The socket's code (ws, the bridge) loads with the agent, not before the page is served.
  const sockets = Promise.all([o.agent, import('ws'), import('./socket-bridge')]).then(
    ([agent, { WebSocketServer }, { attachSocket }]) => ({
      agent,
      attachSocket,
      wss: new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 }),
    }),
  );
  // A host without its agent refuses sockets (below); its owner says why. Closed before its
  // agent came, the host closes the socket server it then makes and every socket it held.
  let wss: WebSocketServer | undefined;
  let closed = false;
  const held = new Set<Duplex>();
  sockets.then(
    (s) => {
      wss = s.wss;
      if (closed) s.wss.close();
    },
    () => undefined,
  );
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const refuse = (status: number, text: string) => {
      // Never the URL: its query holds the token that was tried.
      log.warn('refused a WebSocket', {
        status,
        path: url.pathname,
        host: req.headers.host,
        origin: req.headers.origin,
      });
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (url.pathname !== '/agent') return refuse(404, 'Not Found');
    if (!hostAllowed(req.headers.host, port)) return refuse(403, 'Forbidden');
    if (!originAllowed(req.headers.origin, port)) return refuse(403, 'Forbidden');
    const given = url.searchParams.get('token');
    const allowed = given !== null ? tokenMatches(token, given) : session.matches(req.headers.cookie);
    if (!allowed) return refuse(401, 'Unauthorized');
    mark('ws.asked');
    // A page that asks before the agent is up waits, its socket still connecting.
    held.add(socket);
    sockets.then(
      (s) => {
        held.delete(socket);
        if (socket.destroyed) return;
        s.wss.handleUpgrade(req, socket, head, (ws) => {
          mark('ws.open');
          o.onPageLoading?.();
          s.attachSocket(ws, s.agent, log);
        });
      },
      () => {
        held.delete(socket);
        if (!socket.destroyed) refuse(503, 'Service Unavailable');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', resolve);
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/#token=${token}`,
    port,
    token,
    async close() {
      closed = true;
      // Upgraded sockets are not the HTTP server's to close: one still waiting would hold its close.
      for (const socket of held) socket.destroy();
      held.clear();
      for (const c of wss?.clients ?? []) c.terminate();
      wss?.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
