/**
 * startSandbox: one HTTP server on 127.0.0.1 serving every zone, the zone chosen by the Host
 * name (eu-1.sandbox.localhost:PORT -> eu-1). Wires world, identity, modules, router, WebSocket
 * upgrades and the control API together.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createControl } from './control/api';
import { createRequestLog } from './control/requests';
import { mergeModules } from './core/merge';
import { createPipeline } from './core/pipeline';
import { createRouter } from './core/router';
import { selfSignedCert } from './core/tls';
import type { SandboxModule, SandboxZone, SeedUser, World } from './core/types';
import { createWorld } from './core/world';
import { createWebSockets } from './core/websocket';
import { withDialect, wsWithDialect } from './dialect/shape';
import { DIALECT_HELP, type Dialect, isDialect } from './dialect/choose';
import { SEED_TENANT_ID, SEED_USERS } from './identity/seed';
import { bindIdentity, createIdentityService } from './identity/service';
import { MODULES } from './modules';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  /** Zone ids, or `{id, dialect}` to give one zone its own dialect. Default eu-1, us-1. */
  zones?: (string | { id: string; dialect?: Dialect })[];
  /** The dialect of every zone that names none (default 'standard'); see docs/sandbox.md. */
  dialect?: Dialect;
  hostSuffix?: string;
  tls?: boolean;
  dataDir?: string;
  scale?: number;
  /** false: start without a deployment key (authenticator enrolment fails closed). Default true. */
  encryptionKey?: boolean;
  /** Access-token lifetime in seconds (default 900). */
  accessTokenTtl?: number;
  /** The modules to serve (default MODULES). Tests pass identity plus a probe module. */
  modules?: readonly SandboxModule[];
}

export interface SandboxHandle {
  zones: SandboxZone[];
  users: SeedUser[];
  world: World;
  port: number;
  close(): Promise<void>;
}

const ZONE_ID = /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/;

export async function startSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  const zoneOpts = (opts.zones ?? ['eu-1', 'us-1']).map((z) => (typeof z === 'string' ? { id: z } : z));
  const zoneIds = zoneOpts.map((z) => z.id);
  const dialects = zoneOpts.map((z) => z.dialect ?? opts.dialect ?? 'standard');
  for (const d of dialects) if (!isDialect(d)) throw new Error(`unknown dialect "${String(d)}" (${DIALECT_HELP})`);
  const suffix = (opts.hostSuffix ?? 'sandbox.localhost').toLowerCase();
  for (const z of zoneIds)
    if (!ZONE_ID.test(z)) throw new Error(`invalid zone id "${z}" (lowercase letters, digits, dashes)`);
  if (new Set(zoneIds).size !== zoneIds.length || zoneIds.length === 0)
    throw new Error('zones must be a non-empty list without repeats');
  const host = opts.host ?? '127.0.0.1';
  const scheme = opts.tls ? 'https' : 'http';
  const tlsCert = opts.tls
    ? selfSignedCert([suffix, `*.${suffix}`, ...zoneIds.map((z) => `${z}.${suffix}`)])
    : undefined;

  const server: Server = tlsCert ? createHttpsServer(tlsCert) : createHttpServer();
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const zones: SandboxZone[] = zoneIds.map((id, i) => ({
    id,
    host: `${id}.${suffix}`,
    baseUrl: `${scheme}://${id}.${suffix}:${port}`,
    dialect: dialects[i]!,
  }));
  const world = createWorld({
    zones,
    parentDomain: suffix,
    scale: opts.scale ?? 1,
    dataDir: opts.dataDir,
    tenantId: SEED_TENANT_ID,
    users: SEED_USERS,
  });
  const identity = createIdentityService(world, {
    encryptionKey: opts.encryptionKey ?? true,
    accessTokenTtl: opts.accessTokenTtl ?? 900,
    dataDir: opts.dataDir,
  });
  bindIdentity(world, identity);
  world.onReset(() => identity.reset());

  const router = createRouter();
  const handlers = mergeModules(opts.modules ?? MODULES, world);
  const authenticate = identity.authenticate;
  const sockets = createWebSockets(world, router, wsWithDialect(handlers.ws), authenticate);
  const requests = createRequestLog(() => world.clock.now());
  const control = createControl({ world, dropWebSockets: sockets.dropAll, requests });
  const onRequest = createPipeline({
    world,
    router,
    http: withDialect(handlers.http),
    hasWs: (id) => handlers.ws.has(id),
    authenticate,
    control,
    seen: requests.note,
  });
  server.on('request', (req, res) => void onRequest(req, res));
  server.on('upgrade', sockets.onUpgrade);

  let closed: Promise<void> | undefined;
  return {
    zones,
    users: [...SEED_USERS],
    world,
    port,
    close() {
      closed ??= new Promise<void>((resolve) => {
        identity.flush();
        sockets.close();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}
