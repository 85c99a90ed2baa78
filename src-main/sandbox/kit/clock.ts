/**
 * Lazy progress: a long operation (provisioning, rolling upgrade, workspace setup) moves on when
 * either the sandbox clock has advanced far enough (tests use /_sandbox/clock) or enough real time
 * has passed (the demo feels alive without anyone moving the clock). Nothing runs in the
 * background; the state is computed on read.
 */
import type { World } from '../core/types';

export interface Started {
  clockMs: number;
  realMs: number;
}

export function startNow(world: World): Started {
  return { clockMs: world.clock.now(), realMs: performance.now() };
}

/** How many whole steps have elapsed since `s`, each step lasting `clockSec` clock or `realMs` real. */
export function stepsSince(world: World, s: Started, clockSec: number, realMs: number): number {
  const byClock = Math.floor((world.clock.now() - s.clockMs) / (clockSec * 1000));
  const byReal = Math.floor((performance.now() - s.realMs) / realMs);
  return Math.max(0, byClock, byReal);
}

export function iso(world: World, ms = world.clock.now()): string {
  return new Date(ms).toISOString();
}
