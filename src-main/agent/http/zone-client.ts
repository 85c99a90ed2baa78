/**
 * One HTTP client per zone: keep-alive connections, the zone's own CA for private deployments,
 * *.localhost on loopback, a timeout on every call, and bodies handled by the route's kind.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import tls from 'node:tls';
import type { Dispatcher, Pool, Response } from 'undici';
import { undici, undiciFetch } from './undici-lazy';
import { type Route, fillPath } from '../../contract/routes';
import { errorFromException, errorFromResponse } from './error-map';
import { localhostLookup } from './localhost-lookup';
import { type RawHeaders, type WholeReply, exchange } from './whole-reply';
import {
  BodyTooLarge,
  MAX_ERROR_BODY_BYTES,
  MAX_JSON_REPLY_BYTES,
  readBounded,
  readBoundedChunks,
  replyTooLarge,
  utf8,
} from './reply-bounds';
import { type Logger, silentLogger } from '../log';
import { afterReply } from '../memory-settle';
import { RepeatGate } from '../log/repeat-gate';
import { logFailure } from './failure-log';
import type { AgentError } from '../../contract/errors';
import type { CallOutcome } from '../zones/zone-health';

export type { QueryValue, ZoneDownload, ZoneEndpoint, ZoneRequest, ZoneResponse } from './zone-request';
import type { QueryValue, ZoneDownload, ZoneEndpoint, ZoneRequest, ZoneResponse } from './zone-request';
import { acceptFor, decode, headerReader } from './zone-reply-parts';
import { passedJson } from './passed-json';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** Zones label remembered browsers and sessions by it, so say who we are. */
const USER_AGENT = `Zonedeck (${os.platform()}; ${os.arch()})`;

export class ZoneClient {
  private readonly connector: () => Promise<Pool>;
  private made: Promise<Pool> | undefined;
  private readonly base: URL;
  private readonly basePath: string;
  private readonly origin: string;
  private readonly gate = new RepeatGate();

  constructor(
    endpoint: ZoneEndpoint,
    private readonly log: Logger = silentLogger,
    /** Told how every call ended (time to the answer, or the failure): the zone's health tracker. */
    private readonly observe: (outcome: CallOutcome) => void = () => {},
  ) {
    this.base = new URL(endpoint.baseUrl);
    this.basePath = this.base.pathname.replace(/\/$/, '');
    this.origin = this.base.origin;
    const ca = endpoint.caFile ? [...tls.rootCertificates, readFileSync(endpoint.caFile, 'utf8')] : undefined;
    // A pool of the one origin, not an Agent of pools: every call is to this zone, and the Agent's
    // look-up of the origin's pool was a layer of dispatch per call (the agent hop, #28).
    this.connector = async () =>
      new (await undici()).Pool(this.origin, {
        keepAliveTimeout: 30_000,
        connections: 16,
        connect: { lookup: localhostLookup, ...(ca ? { ca } : {}) },
      });
  }

  /** The keep-alive pool, made on the first call (undici itself is loaded then, not at start). */
  private dispatcher(): Promise<Pool> {
    return (this.made ??= this.connector());
  }

  /** A route's request target on this zone: path (parameters encoded, dot segments refused) and query. */
  target(route: Route, params: Record<string, string> = {}, query: Record<string, QueryValue> = {}): string {
    const path = this.basePath + fillPath(route, params);
    const keys = Object.keys(query);
    if (!keys.length) return path;
    const q = new URLSearchParams();
    for (const k of keys) q.set(k, String(query[k]));
    return `${path}?${q}`;
  }

  url(route: Route, params: Record<string, string> = {}, query: Record<string, QueryValue> = {}): URL {
    return new URL(this.target(route, params, query), this.base);
  }

  /** Headers, body, URL and the timeout of one request, shared by both ways of sending it. */
  private prepare(req: ZoneRequest) {
    const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const headers: Record<string, string> = { accept: acceptFor(req.route), 'user-agent': USER_AGENT, ...req.headers };
    if (req.token) headers.authorization = `Bearer ${req.token}`;
    let body: string | undefined;
    if (req.encoding === 'text' && typeof req.body === 'string' && req.route.request !== 'empty') {
      headers['content-type'] = 'text/plain; charset=utf-8';
      body = req.body;
    } else if (req.route.request === 'json' && req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.body);
    } else if (req.route.request === 'text' && req.body !== undefined) {
      headers['content-type'] ??= 'application/octet-stream';
      body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    }
    const started = performance.now();
    let timeout: AbortSignal | undefined;
    return {
      target: this.target(req.route, req.params, req.query),
      method: req.route.method,
      headers,
      body,
      timeoutMs,
      started,
      took: () => Math.round(performance.now() - started),
      /** For fetch and request, which take one signal: the caller's and the timeout's together. */
      signal: () => {
        timeout = AbortSignal.timeout(timeoutMs);
        return req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
      },
      /** An exception as the agent's error: a timeout said as one even when undici calls it an abort. */
      map: (err: unknown) =>
        errorFromException(
          timeout?.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : err,
          timeoutMs,
        ),
    };
  }

  /** The error for a reply of 3xx or more, from its (bounded) body; logged and observed. */
  private async refused(
    route: Route,
    status: number,
    contentType: string | null,
    read: (max: number) => Promise<string>,
    ms: () => number,
  ): Promise<AgentError> {
    // An error body is a sentence or a small record: a larger one is dropped, the status kept.
    let dropped: 'too_large' | undefined;
    const text = await read(MAX_ERROR_BODY_BYTES).catch((err: unknown) => {
      if (err instanceof BodyTooLarge) dropped = 'too_large';
      else this.log.debug('could not read the body of an error reply', { route: route.id, status, err });
      return '';
    });
    return this.failed(route, errorFromResponse(status, text, contentType, dropped), ms());
  }

  /** Logs a failure and, when it ended the exchange (`ms` given), tells the health tracker. */
  private failed(route: Route, err: AgentError, ms?: number): AgentError {
    logFailure(this.log, this.gate, route, err);
    if (ms !== undefined) this.observe({ ms, error: err });
    return err;
  }

  /**
   * Sends and returns the raw (WHATWG) response when it is a success, for streams and downloads;
   * throws a mapped AgentError otherwise.
   */
  async open(req: ZoneRequest): Promise<Response> {
    const p = this.prepare(req);
    let res: Response;
    try {
      const dispatcher = await this.dispatcher();
      res = await (
        await undiciFetch()
      )(new URL(p.target, this.base), {
        method: p.method,
        headers: p.headers,
        body: p.body,
        signal: p.signal(),
        dispatcher,
        redirect: 'manual',
      });
    } catch (err) {
      throw this.failed(req.route, p.map(err), p.took());
    }
    if (res.status >= 300)
      throw await this.refused(
        req.route,
        res.status,
        res.headers.get('content-type'),
        (max) => readBounded(res, max),
        p.took,
      );
    this.observe({ ms: p.took() });
    return res;
  }

  /**
   * A whole request whose body is read according to the route's response kind. Through undici's
   * `dispatch` with a handler that collects the body (whole-reply.ts): neither fetch's WHATWG
   * streams nor `request`'s Node stream per reply, the bulk of the agent's own time on a small
   * JSON call, which is most of what it sends (docs/benchmarks.md, the agent hop).
   */
  async send<T = unknown>(req: ZoneRequest): Promise<ZoneResponse<T>> {
    const p = this.prepare(req);
    const { known } = req;
    let reply: WholeReply;
    try {
      reply = await exchange(await this.dispatcher(), {
        options: {
          origin: this.origin,
          path: p.target,
          method: p.method as Dispatcher.HttpMethod,
          headers: p.headers,
          body: p.body ?? null,
        },
        signal: req.signal,
        timeoutMs: p.timeoutMs,
        bounds: (status) =>
          status >= 300
            ? { max: MAX_ERROR_BODY_BYTES }
            : { max: req.maxBytes ?? MAX_JSON_REPLY_BYTES, known: known?.bytes },
      });
    } catch (err) {
      throw this.failed(req.route, p.map(err), p.took());
    }
    const { status, body: bytes } = reply;
    const contentType = typeof reply.headers['content-type'] === 'string' ? reply.headers['content-type'] : null;
    if (status >= 300) {
      const read = () => (bytes instanceof Error ? Promise.reject(bytes) : Promise.resolve(utf8(bytes)));
      throw await this.refused(req.route, status, contentType, read, p.took);
    }
    this.observe({ ms: Math.round(reply.at - p.started) });
    try {
      if (bytes instanceof Error) throw bytes;
      let text: string | undefined;
      const same = bytes === known?.bytes;
      const data = same
        ? known.data
        : (passedJson(req, bytes) ?? decode(req.route, (text = utf8(bytes)), status, contentType));
      // A long reply decoded leaves its temporaries behind once it is sent on: collected when quiet.
      if (!same) afterReply(bytes.length);
      const link = reply.headers.link;
      return {
        status,
        data: data as T,
        ...(typeof link === 'string' ? { link } : {}),
        headers: headerReader(reply.headers),
        bytes,
        get text() {
          return (text ??= utf8(bytes));
        },
      };
    } catch (err) {
      throw this.failed(req.route, err instanceof BodyTooLarge ? replyTooLarge(status, err.limit) : p.map(err));
    }
  }

  /**
   * A success reply with its body unread, as a Node stream, for downloads streamed to disk: also
   * through `request`; a log archive read through fetch's WHATWG body took ~1.4× the CPU per byte.
   */
  async download(req: ZoneRequest): Promise<ZoneDownload> {
    const { res, headers } = await this.request(req, this.prepare(req));
    return { status: res.statusCode, headers, body: res.body };
  }

  /** Sends through undici's `request`; a reply of 3xx or more is thrown as a mapped AgentError. */
  private async request(req: ZoneRequest, p: ReturnType<ZoneClient['prepare']>) {
    let res: Dispatcher.ResponseData;
    try {
      const dispatcher = await this.dispatcher();
      res = await (
        await undici()
      ).request(dispatcher, {
        origin: this.origin,
        path: p.target,
        method: p.method as Dispatcher.HttpMethod,
        headers: p.headers,
        body: p.body ?? null,
        signal: p.signal(),
      });
    } catch (err) {
      throw this.failed(req.route, p.map(err), p.took());
    }
    const headers = headerReader(res.headers as RawHeaders);
    if (res.statusCode >= 300) {
      const body = res.body;
      const read = (max: number) =>
        readBoundedChunks(body, Number(headers.get('content-length')), max, () => body.destroy());
      const err = await this.refused(req.route, res.statusCode, headers.get('content-type'), read, p.took);
      body.destroy();
      throw err;
    }
    this.observe({ ms: p.took() });
    return { res, headers };
  }

  /**
   * Route id, status and code, never the URL (its query may hold a secret) nor a body. A zone
   * that is down or refuses (5xx, network) is a warning; a 4xx is the zone's answer to this call
   * and goes out at debug. Repeats of one kind are held back for a minute.
   */
  async close(): Promise<void> {
    if (this.made) await (await this.made).close();
  }
}
