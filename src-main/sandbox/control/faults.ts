/** POST /_sandbox/faults: partial updates of the fault settings, and the "drop now" notices. */
import { parseReplyFault, replyFaultBody } from '../core/reply-faults';
import { HttpError, type Faults, type World } from '../core/types';

const rate = (v: unknown, key: string): number => {
  if (typeof v !== 'number' || !(v >= 0 && v <= 1))
    throw new HttpError(400, 'invalid_request', `${key} must be a number from 0 to 1.`);
  return v;
};
const flag = (v: unknown, key: string): boolean => {
  if (typeof v !== 'boolean') throw new HttpError(400, 'invalid_request', `${key} must be true or false.`);
  return v;
};

export function faultsBody(f: Faults) {
  return {
    latency_ms: f.latencyMs,
    error_rate: f.errorRate,
    reset_rate: f.resetRate,
    drop_websockets: f.dropWebSockets,
    drop_streams: f.dropStreams,
    zones: f.zones ?? null,
    reply: replyFaultBody(f.reply),
  };
}

/** Only the keys present change. A true drop flag also fires the matching world event at once. */
export function applyFaults(world: World, body: Record<string, unknown>, dropWebSockets: () => void): void {
  const f = world.faults;
  const next: Faults = { ...f };
  if ('latency_ms' in body) {
    const v = body.latency_ms;
    if (typeof v !== 'number' || !(v >= 0 && v <= 60_000))
      throw new HttpError(400, 'invalid_request', 'latency_ms must be a number from 0 to 60000.');
    next.latencyMs = v;
  }
  if ('error_rate' in body) next.errorRate = rate(body.error_rate, 'error_rate');
  if ('reset_rate' in body) next.resetRate = rate(body.reset_rate, 'reset_rate');
  if ('drop_websockets' in body) next.dropWebSockets = flag(body.drop_websockets, 'drop_websockets');
  if ('drop_streams' in body) next.dropStreams = flag(body.drop_streams, 'drop_streams');
  if ('zones' in body) {
    const z = body.zones;
    if (z === null) delete next.zones;
    else if (Array.isArray(z) && z.every((x) => typeof x === 'string') && z.length <= 50) next.zones = z as string[];
    else throw new HttpError(400, 'invalid_request', 'zones must be a list of zone ids, or null for every zone.');
  }
  if ('reply' in body) {
    const reply = parseReplyFault(body.reply);
    if (reply) next.reply = reply;
    else delete next.reply;
  }
  if (!next.reply) delete f.reply;
  if (!next.zones) delete f.zones;
  Object.assign(f, next); // validated as a whole first, so a bad key changes nothing
  if (body.drop_websockets === true) {
    dropWebSockets();
    world.events.emit('drop-websockets');
  }
  if (body.drop_streams === true) world.events.emit('drop-streams');
}
