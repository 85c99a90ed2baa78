/**
 * How a zone's failed call is logged: serious ones (unreachable, 5xx, a reply refused as too large
 * or not JSON) as warnings, refusals only at debug, and a repeat of the same failure held back.
 */
import type { Route } from '../../contract/routes';
import { AGENT_CODES, type AgentError } from '../../contract/errors';
import type { Logger } from '../log';
import type { RepeatGate } from '../log/repeat-gate';

export function logFailure(log: Logger, gate: RepeatGate, route: Route, err: AgentError): void {
  if (err.code === 'cancelled') return;
  // A reply the agent refused to read (too large, not JSON, too deep) is the zone misbehaving too.
  const refused = err.code === AGENT_CODES.replyInvalid || err.code === AGENT_CODES.replyTooLarge;
  const serious = err.status === 0 || err.status >= 500 || refused;
  if (!serious && log.level !== 'debug') return;
  const held = gate.pass(`${route.id} ${err.status} ${err.code}`);
  if (held === undefined) return;
  const fields = {
    route: route.id,
    method: route.method,
    status: err.status,
    error: err.code,
    message: err.message,
    ...(err.details?.cause ? { cause: err.details.cause } : {}),
    ...(held ? { repeatsHeldBack: held } : {}),
  };
  if (serious) log.warn(refused ? 'zone reply refused' : err.status === 0 ? 'zone unreachable' : 'zone failed', fields);
  else log.debug('zone refused', fields);
}
