/**
 * The reconciler event log behind GET …/activity. Seeded records get a plausible history made up
 * on first touch (so --scale seeding stays cheap); afterwards every change appends an event. The
 * log keeps the newest CAP events, like a real reconciler's bounded history. GET answers
 * `{items}` newest first (`?limit=`, 1-200, default 50).
 */
import type { Handler, World } from '../core/types';
import { intQuery, list } from '../kit/http';
import { type ComputeCtx, find } from './context';
import type { KindDef } from './kinds';
import { iso, type ActivityEvent, type Instance } from './model';

const CAP = 200;

function made(
  world: World,
  at: number,
  type: string,
  message: string,
  from: string | null = null,
  to: string | null = null,
): ActivityEvent {
  return { id: world.uuidv7(), at, type, message, from, to };
}

/** The history a record had before this process knew it: created, placed, started, then to its status. */
function history(world: World, inst: Instance): ActivityEvent[] {
  const t = inst.createdAt;
  const out = [
    made(world, t, 'created', `${inst.name} created`),
    made(world, t, 'scheduled', `placed on host ${inst.hostId ?? '(none)'}`),
    made(world, t, 'state_change', 'pending -> starting', 'pending', 'starting'),
    made(world, t, 'state_change', 'starting -> running', 'starting', 'running'),
  ];
  if (inst.status !== 'running') {
    out.push(made(world, inst.statusSince, 'state_change', `running -> ${inst.status}`, 'running', inst.status));
  }
  return out;
}

export function ensureActivity(world: World, inst: Instance): ActivityEvent[] {
  inst.activity ??= history(world, inst);
  return inst.activity;
}

export function record(
  world: World,
  inst: Instance,
  type: string,
  message: string,
  from: string | null = null,
  to: string | null = null,
): void {
  const log = ensureActivity(world, inst);
  log.push(made(world, world.clock.now(), type, message, from, to));
  if (log.length > CAP) log.splice(0, log.length - CAP);
}

/** Newest first; events of the same millisecond keep their reverse insertion order. */
export function activityView(world: World, inst: Instance, limit: number): unknown[] {
  const log = ensureActivity(world, inst);
  const out: unknown[] = [];
  for (let i = log.length - 1; i >= 0 && out.length < limit; i--) {
    const e = log[i]!;
    out.push({ id: e.id, at: iso(e.at), type: e.type, message: e.message, from: e.from, to: e.to });
  }
  return out;
}

export function activityHandlers(ctx: ComputeCtx, def: KindDef): Record<string, Handler> {
  return {
    [`${def.area}.activity`]: (req) =>
      list(activityView(ctx.world, find(ctx, req, def), intQuery(req, 'limit', 1, CAP, 50))),
  };
}
