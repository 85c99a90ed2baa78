/**
 * The protected-zone guard's decision, kept pure so a test can hold it: which calls change a zone
 * (every non-GET operation of the route table, and the agent commands that change the zone's
 * identity records), and the short pass a typed confirmation gives so the person types once.
 */
import { findRoute } from '@contract/routes';

/** Agent commands (not `api.call`) that change something in the zone itself. */
export const ZONE_CHANGING_COMMANDS: ReadonlySet<string> = new Set([
  'identity.devices.remove',
  'identity.devices.removeAll',
  'identity.signOutEverywhere',
  'apiClients.create',
  'apiClients.rotate',
  'apiClients.revokeTokens',
  'apiClients.delete',
]);

/** Non-GET operations that change nothing: a lint of an unsaved spec, the end of this app's own session. */
const NOT_A_CHANGE: ReadonlySet<string> = new Set(['workflows.validate', 'auth.logout']);

/** Streams that are a shell on the machine: whatever is typed there changes it, so opening one asks. */
const CONSOLE_STREAMS: ReadonlySet<string> = new Set(['containers.console', 'microvms.console']);

export interface GuardedCall {
  /** The zone the call changes. */
  zone: string;
  /** The operation or command, for the dialog's small print. */
  operation: string;
  /** The route's summary ("Stop", "Delete a container"), when it is an operation. */
  summary?: string;
  /** The resource's id, when the call names one (params.id or input.id). */
  target?: string;
}

/**
 * The call's zone when it changes something there, else null (reads, sign-in, local commands).
 * An operation the table does not know counts as a change: the agent will refuse it anyway, and
 * guessing "read" would let it through unasked.
 */
export function zoneChange(command: string, input: unknown): GuardedCall | null {
  const i = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const zone = typeof i.zone === 'string' ? i.zone : null;
  if (!zone) return null;
  const params = (typeof i.params === 'object' && i.params !== null ? i.params : {}) as Record<string, unknown>;
  const id = params.id ?? i.id;
  const target = typeof id === 'string' && id ? { target: id } : {};
  if (command === 'api.call') {
    const operation = typeof i.operationId === 'string' ? i.operationId : '';
    const route = findRoute(operation);
    if (route && (route.method === 'GET' || route.public || NOT_A_CHANGE.has(operation))) return null;
    return { zone, operation, ...(route ? { summary: route.summary } : {}), ...target };
  }
  if (command === 'stream.open') {
    const operation = typeof i.operationId === 'string' ? i.operationId : '';
    return CONSOLE_STREAMS.has(operation) ? { zone, operation, summary: 'Open a console', ...target } : null;
  }
  return ZONE_CHANGING_COMMANDS.has(command) ? { zone, operation: command, ...target } : null;
}

/** Whether this call must wait for the zone's name: a change in a protected zone with no pass. */
export function asksZoneName(
  call: GuardedCall | null,
  isProtected: (zone: string) => boolean,
  passes: ZonePasses,
  now = Date.now(),
): boolean {
  if (!call || !isProtected(call.zone)) return false;
  return !passes.use(call.zone, now);
}

/**
 * After the zone's name was typed, the action it confirmed may make a few calls (detach, then
 * delete): they pass for a few seconds after the last one, in that zone only. The person's next
 * click or key ends every pass (the guard installer listens), so a second action always asks.
 */
export class ZonePasses {
  private readonly until = new Map<string, number>();
  constructor(private readonly windowMs = 15_000) {}

  grant(zone: string, now = Date.now()): void {
    this.until.set(zone, now + this.windowMs);
  }

  /** True while the zone's pass holds; each use keeps it open a little longer. */
  use(zone: string, now = Date.now()): boolean {
    const t = this.until.get(zone);
    if (t === undefined || t < now) {
      this.until.delete(zone);
      return false;
    }
    this.until.set(zone, now + this.windowMs);
    return true;
  }

  revokeAll(): void {
    this.until.clear();
  }
}

/** The one pass table of this window. */
export const zonePasses = new ZonePasses();
