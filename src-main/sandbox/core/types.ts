/**
 * The seam between the sandbox's server core and its resource modules. A module is a function
 * of the shared world returning handlers keyed by route id (from src-main/contract/routes.ts).
 * The core matches the request to a route, checks the Bearer token and the route's permission,
 * applies faults, and then calls the handler.
 */
import type { ReplyFault } from './reply-faults';
import type { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { WebSocket } from 'ws';
import type { Dialect } from '../dialect/choose';

export interface SandboxZone {
  /** e.g. "eu-1" */
  id: string;
  /** e.g. "eu-1.sandbox.localhost" */
  host: string;
  baseUrl: string;
  /** How it answers where the spec says "not shown" (dialect/points.ts, choose.ts); POST /_sandbox/dialect changes it. */
  dialect: Dialect;
}

/** Who is calling: a signed-in user or an API client (machine). */
export interface Caller {
  kind: 'user' | 'machine';
  userId: string;
  tenantId: string;
  email?: string;
  clientId?: string;
  permissions: ReadonlySet<string>;
  /** The session (user) or token id (machine) this call was made with. */
  sessionId: string;
}

export interface SandboxRequest {
  method: string;
  /** Path without query. */
  path: string;
  routeId: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** Parsed JSON body, or undefined when empty. A body that is not JSON yields 400 before the handler runs. */
  body: unknown;
  zone: SandboxZone;
  /** Set on every route that is not public. */
  caller?: Caller;
  /** Client address, for remembered-browser bookkeeping. */
  userAgent: string;
}

export type SandboxResponse =
  | { status: number; json: unknown; headers?: Record<string, string | string[]> }
  | { status: number; text: string; contentType?: string; headers?: Record<string, string | string[]> }
  | { status: number; empty: true; headers?: Record<string, string | string[]> }
  /** Raw streaming (downloads, server-sent events): the handler writes the response itself. */
  | { stream: (res: ServerResponse, req: SandboxRequest) => void | Promise<void> };

export type Handler = (req: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;
/** A WebSocket route's handler; `protocols` lists the subprotocols it understands for a request (none if absent). */
export type WsHandler = ((ws: WebSocket, req: SandboxRequest) => void) & {
  protocols?: (req: SandboxRequest) => readonly string[];
};

export interface HandlerMap {
  http?: Record<string, Handler>;
  ws?: Record<string, WsHandler>;
}

/** Thrown by handlers; the core turns it into `{error, message, ...details}` with the status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** A clock the control API can move forward. Everything time-based reads it, never Date.now(). */
export interface Clock {
  now(): number;
  advance(seconds: number): void;
}

export interface Faults {
  latencyMs: number;
  errorRate: number;
  resetRate: number;
  dropWebSockets: boolean;
  dropStreams: boolean;
  /** Latency, errors and resets only for these zones (one zone down beside a healthy one); absent: all. */
  zones?: string[];
  /** One route's replies replaced by a hostile one (reply-faults.ts). */
  reply?: ReplyFault;
}

/** What every module may use. Owned by the core. */
export interface World {
  clock: Clock;
  zones: readonly SandboxZone[];
  /** The parent domain shared by every zone (cookie Domain), e.g. "sandbox.localhost". */
  parentDomain: string;
  faults: Faults;
  /** --scale N: seed this many containers per zone (and proportionate others). */
  scale: number;
  /** Fresh random id (UUID v4). */
  uuid(): string;
  /** Time-based UUID (v7), for run cursors. */
  uuidv7(): string;
  /** Data dir for persistence, when given. */
  dataDir?: string;
  /** Called by modules that want to be reset by POST /_sandbox/reset. */
  onReset(fn: () => void): void;
  /** The one tenant every seeded user belongs to (UUID, stable across resets and zones). */
  tenantId: string;
  /** The seeded accounts (same in every zone), with their user ids and permissions. */
  users: readonly SeedUser[];
  /**
   * Core notices for modules. Emitted: 'drop-websockets' and 'drop-streams' (a fault was POSTed
   * with that flag true: close what you hold now), 'reset' (after the onReset hooks ran).
   */
  events: EventEmitter;
  /** State compute and storage share, keyed by zone id (modules fill the inner maps). */
  shared: {
    disks: Map<string /*zoneId*/, Map<string /*diskId*/, Record<string, unknown>>>;
    instances: Map<string /*zoneId*/, Map<string /*instance id*/, { kind: 'container' | 'microvm'; status: string }>>;
  };
}

/** A seeded account. The password is printed by the CLI; every seed user shares `tenantId`. */
export interface SeedUser {
  id: string;
  email: string;
  password: string;
  /** Second-factor method: 'totp' when an authenticator is enrolled at seed time. */
  method: 'email' | 'totp';
  /** Base32 authenticator seed, for the 'totp' user only. */
  totpSecret?: string;
  /** Everything the user may do: the four route permissions plus resource scopes. */
  permissions: readonly string[];
}

export type SandboxModule = (world: World) => HandlerMap;
