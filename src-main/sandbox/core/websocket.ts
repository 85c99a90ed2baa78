/**
 * WebSocket upgrades for 'websocket' routes: same zone, route and permission checks as HTTP
 * (token from the Bearer header or ?access_token=), then the module's ws handler. Open sockets are
 * tracked so a drop_websockets fault can cut them all. A subprotocol is selected only when the
 * handler understands it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { authorize, bearerFrom, type Authenticate, zoneForHost } from './access';
import type { Router } from './router';
import { HttpError, type SandboxRequest, type World, type WsHandler } from './types';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  501: 'Not Implemented',
};

function refuse(socket: Duplex, err: unknown): void {
  const e = err instanceof HttpError ? err : new HttpError(500, 'internal_error', String(err));
  const body = JSON.stringify({ error: e.error, message: e.message, ...e.details });
  socket.end(
    `HTTP/1.1 ${e.status} ${REASONS[e.status] ?? 'Error'}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createWebSockets(
  world: World,
  router: Router,
  ws: ReadonlyMap<string, WsHandler>,
  authenticate: Authenticate,
) {
  // ws would select the first subprotocol a client offers, claiming to understand anything; a
  // route selects only one its handler says it understands, in the client's order, or none.
  const understood = new WeakMap<IncomingMessage, readonly string[]>();
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered, req) => [...offered].find((p) => understood.get(req)?.includes(p)) ?? false,
  });
  const open = new Set<WebSocket>();

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    try {
      const zone = zoneForHost(world.zones, req.headers.host);
      if (!zone) throw new HttpError(404, 'unknown_zone', `No zone is served at host "${req.headers.host ?? ''}".`);
      const url = new URL(req.url ?? '/', zone.baseUrl);
      const m = router.match(req.method ?? 'GET', url.pathname);
      if (m.kind !== 'found' || m.route.response !== 'websocket')
        throw new HttpError(404, 'not_found', `No WebSocket route at ${url.pathname}.`);
      const caller = authorize(m.route, bearerFrom(req.headers, url.searchParams), zone, authenticate);
      const handler = ws.get(m.route.id);
      if (!handler) throw new HttpError(501, 'not_implemented', `The sandbox does not implement ${m.route.id} yet.`);
      const sreq: SandboxRequest = {
        method: 'GET',
        path: url.pathname,
        routeId: m.route.id,
        params: m.params,
        query: url.searchParams,
        headers: req.headers,
        rawBody: Buffer.alloc(0),
        body: undefined,
        zone,
        caller,
        userAgent: req.headers['user-agent'] ?? '',
      };
      understood.set(req, handler.protocols?.(sreq) ?? []);
      wss.handleUpgrade(req, socket, head, (sock) => {
        open.add(sock);
        sock.on('close', () => open.delete(sock));
        handler(sock, sreq);
      });
    } catch (err) {
      refuse(socket, err);
    }
  }

  return {
    onUpgrade,
    /** Cuts every open socket without a close frame, like a network drop. */
    dropAll(): void {
      for (const s of open) s.terminate();
      open.clear();
    },
    close(): void {
      for (const s of open) s.terminate();
      wss.close();
    },
  };
}
