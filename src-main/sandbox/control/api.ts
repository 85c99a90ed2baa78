/**
 * The control API under {base_url}/_sandbox/ (loopback only, no Bearer): read the outbox, move
 * the clock, inject faults, reset to the seeded state, list the seed users, count the API requests
 * a zone received, switch a zone's dialect. Not part of the spec.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseBody, readBody } from '../core/body';
import { sendJson } from '../core/respond';
import { HttpError, type SandboxZone } from '../core/types';
import type { CoreWorld } from '../core/world';
import { identityOf } from '../identity/service';
import { DIALECT_HELP, isDialect, specOf } from '../dialect/choose';
import { differences } from '../dialect/points';
import { SEED_RECOVERY_CODES } from '../identity/state';
import { applyFaults, faultsBody } from './faults';
import type { RequestLog } from './requests';

export interface ControlDeps {
  world: CoreWorld;
  dropWebSockets(): void;
  requests?: RequestLog;
}

const num = (body: Record<string, unknown>, key: string): number => {
  const v = body[key];
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
    throw new HttpError(400, 'invalid_request', `${key} must be a non-negative number.`);
  return v;
};

export function seedUsersBody(world: CoreWorld) {
  return world.users.map((u) => ({
    id: u.id,
    email: u.email,
    password: u.password,
    method: u.method,
    ...(u.totpSecret ? { totp_secret: u.totpSecret, recovery_codes: SEED_RECOVERY_CODES } : {}),
    tenant_id: world.tenantId,
    permissions: u.permissions,
  }));
}

/** A zone's dialect and the choices where it differs from standard, so a failing test can say what the zone spoke. */
export function dialectBody(zone: SandboxZone) {
  const spec = specOf(zone.dialect);
  return { zone: zone.id, dialect: zone.dialect, choices: differences(spec), ...spec.edge?.describe() };
}

export function createControl(deps: ControlDeps) {
  const { world } = deps;
  return async function control(req: IncomingMessage, res: ServerResponse, zone: SandboxZone, url: URL): Promise<void> {
    const action = `${req.method ?? 'GET'} ${url.pathname.slice('/_sandbox/'.length)}`;
    const raw = await readBody(req);
    const parsed = parseBody(raw, req.headers['content-type'], 'json') ?? {};
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new HttpError(400, 'invalid_request', 'The body must be a JSON object.');
    const body = parsed as Record<string, unknown>;
    switch (action) {
      case 'GET mail':
        return sendJson(res, 200, identityOf(world).outbox(zone.id, url.searchParams.get('to')));
      case 'POST clock':
        world.clock.advance(num(body, 'advance_seconds'));
        return sendJson(res, 200, { now: new Date(world.clock.now()).toISOString(), now_ms: world.clock.now() });
      case 'GET clock':
        return sendJson(res, 200, { now: new Date(world.clock.now()).toISOString(), now_ms: world.clock.now() });
      case 'POST faults':
        applyFaults(world, body, deps.dropWebSockets);
        return sendJson(res, 200, faultsBody(world.faults));
      case 'GET faults':
        return sendJson(res, 200, faultsBody(world.faults));
      case 'POST reset':
        world.runReset();
        return sendJson(res, 200, { reset: true });
      case 'GET users':
        return sendJson(res, 200, seedUsersBody(world));
      case 'POST dialect':
        if (!isDialect(body.dialect)) throw new HttpError(400, 'invalid_request', `dialect must be ${DIALECT_HELP}.`);
        zone.dialect = body.dialect;
        return sendJson(res, 200, dialectBody(zone));
      case 'GET dialect':
        return sendJson(res, 200, dialectBody(zone));
      case 'GET requests':
        return sendJson(res, 200, deps.requests?.of(zone.id) ?? { count: 0, recent: [] });
      default:
        throw new HttpError(404, 'not_found', `No control action ${action}.`);
    }
  };
}
