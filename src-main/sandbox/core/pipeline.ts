/**
 * One HTTP request through the sandbox: zone by Host, control API, faults, route match, body,
 * Bearer and permission, then the module's handler (501 while a module has not provided it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorize, bearerFrom, type Authenticate, isLoopback, zoneForHost } from './access';
import { parseBody, readBody } from './body';
import type { Router } from './router';
import { sendError, sendJson, sendResult } from './respond';
import { sendReplyFault } from './reply-faults';
import { type Handler, HttpError, type SandboxRequest, type SandboxZone, type World } from './types';

export interface PipelineDeps {
  world: World;
  router: Router;
  http: ReadonlyMap<string, Handler>;
  hasWs: (routeId: string) => boolean;
  authenticate: Authenticate;
  control: (req: IncomingMessage, res: ServerResponse, zone: SandboxZone, url: URL) => Promise<void>;
  /** Told of every API request (not control calls) before faults apply: GET /_sandbox/requests counts them. */
  seen?: (zone: string, method: string, path: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createPipeline(deps: PipelineDeps) {
  const { world, router } = deps;

  async function applyFaults(req: IncomingMessage, res: ServerResponse, zone: string): Promise<boolean> {
    const f = world.faults;
    if (f.zones && !f.zones.includes(zone)) return true;
    if (f.latencyMs > 0) await sleep(f.latencyMs);
    if (f.resetRate > 0 && Math.random() < f.resetRate) {
      req.socket.destroy();
      return false;
    }
    if (f.errorRate > 0 && Math.random() < f.errorRate) {
      sendJson(res, 503, { error: 'injected_fault', message: 'Fault injected by the sandbox (error_rate).' });
      return false;
    }
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, zone: SandboxZone, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const m = router.match(method, url.pathname);
    if (m.kind === 'not_found') throw new HttpError(404, 'not_found', `No route ${method} ${url.pathname}.`);
    if (m.kind === 'method_not_allowed') {
      res.setHeader('allow', m.allow.join(', '));
      throw new HttpError(
        405,
        'method_not_allowed',
        `${method} is not allowed on ${url.pathname}; use ${m.allow.join(', ')}.`,
      );
    }
    const route = m.route;
    const rawBody = await readBody(req);
    const sreq: SandboxRequest = {
      method,
      path: url.pathname,
      routeId: route.id,
      params: m.params,
      query: url.searchParams,
      headers: req.headers,
      rawBody,
      body: parseBody(rawBody, req.headers['content-type'], route.request),
      zone,
      userAgent: req.headers['user-agent'] ?? '',
    };
    if (!route.public) sreq.caller = authorize(route, bearerFrom(req.headers), zone, deps.authenticate);
    const fault = world.faults.reply;
    if (fault?.route === route.id) {
      if (fault.remaining !== undefined && --fault.remaining <= 0) delete world.faults.reply;
      return sendReplyFault(res, fault);
    }
    const handler = deps.http.get(route.id);
    if (!handler) {
      if (route.response === 'websocket' && deps.hasWs(route.id)) {
        throw new HttpError(426, 'upgrade_required', 'This route is a WebSocket; open it with an Upgrade request.');
      }
      throw new HttpError(501, 'not_implemented', `The sandbox does not implement ${route.id} yet.`);
    }
    await sendResult(res, await handler(sreq), sreq);
  }

  return async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const zone = zoneForHost(world.zones, req.headers.host);
      if (!zone) throw new HttpError(404, 'unknown_zone', `No zone is served at host "${req.headers.host ?? ''}".`);
      const url = new URL(req.url ?? '/', zone.baseUrl);
      if (url.pathname.startsWith('/_sandbox/')) {
        if (!isLoopback(req.socket.remoteAddress))
          throw new HttpError(403, 'forbidden', 'The control API is loopback only.');
        await deps.control(req, res, zone, url);
        return;
      }
      deps.seen?.(zone.id, req.method ?? 'GET', url.pathname);
      if (!(await applyFaults(req, res, zone.id))) return;
      await handle(req, res, zone, url);
    } catch (err) {
      sendError(res, err);
    }
  };
}
