/**
 * The state machine of containers and microVMs. An action (start, stop, reschedule, suspend,
 * resume, reboot, and create itself) writes a transitional status at once and then passes through
 * further steps. A step completes after STEP_CLOCK_MS on the sandbox clock (tests move the clock)
 * or STEP_REAL_MS of real time (a UI sees "starting" and then "running"), whichever comes first.
 * A real timer settles steps so world.shared.instances is current even when nobody reads;
 * reads settle too, so a moved clock shows at once.
 */
import type { World } from '../core/types';
import { conflict } from '../kit/http';
import { record } from './activity';
import { HOSTS } from './catalog';
import type { KindDef } from './kinds';
import { logOnStatus } from './logs/capture';
import type { Instance, Step } from './model';
import type { InstanceStore } from './store';

export const STEP_CLOCK_MS = 5_000;
export const STEP_REAL_MS = 300;

export type StatusHook = (inst: Instance, from: string, to: string) => void;

export type Action = 'start' | 'stop' | 'reschedule' | 'suspend' | 'resume' | 'reboot';

export function createLifecycle(world: World, store: InstanceStore, hooks: StatusHook[]) {
  const now = () => world.clock.now();

  function setStatus(inst: Instance, to: string): void {
    const from = inst.status;
    if (from === to) return;
    const t = now();
    logOnStatus(inst, from, to, t);
    inst.status = to;
    inst.statusSince = t;
    inst.updatedAt = t;
    store.sync(inst);
    record(world, inst, 'state_change', `${from} -> ${to}`, from, to);
    for (const h of hooks) h(inst, from, to);
  }

  /** A host for the instance: deterministic by seed, and never the one it is leaving. */
  function place(inst: Instance, avoid: string | null): void {
    const choices = HOSTS.filter((h) => h !== avoid);
    inst.hostId = choices[(inst.seed + (inst.bootCount ?? 0)) % choices.length] ?? HOSTS[0]!;
    record(world, inst, 'scheduled', `placed on host ${inst.hostId}`);
  }

  const effects = {
    place: (inst: Instance) => place(inst, null),
    move: (inst: Instance) => place(inst, inst.hostId),
    snapshot: (inst: Instance) => {
      inst.snapshotId = world.uuid();
      inst.suspendedAt = now();
      record(world, inst, 'snapshot_taken', `memory snapshot ${inst.snapshotId} taken; host ${inst.hostId} freed`);
      inst.hostId = null;
    },
    restore: (inst: Instance) => {
      record(world, inst, 'snapshot_restored', `restored from memory snapshot ${inst.snapshotId}`);
      inst.restoredFrom = inst.snapshotId ?? null;
      inst.snapshotId = null;
      inst.suspendedAt = null;
    },
    /** Stopping a suspended microVM discards its snapshot; it boots cold next time. */
    discard: (inst: Instance) => {
      if (inst.snapshotId) record(world, inst, 'snapshot_discarded', `memory snapshot ${inst.snapshotId} discarded`);
      inst.snapshotId = null;
      inst.suspendedAt = null;
      inst.hostId ??= HOSTS[inst.seed % HOSTS.length]!;
    },
    boot: (inst: Instance) => {
      inst.bootCount = (inst.bootCount ?? 1) + 1;
    },
  };

  /** Which statuses each action starts from, and the steps it passes through (first is immediate). */
  const ACTIONS: Record<Action, { from: readonly string[]; steps: Step[] }> = {
    start: { from: ['stopped'], steps: [{ status: 'starting' }, { status: 'running', effect: effects.boot }] },
    stop: {
      from: ['running', 'suspended'],
      steps: [{ status: 'stopping' }, { status: 'stopped', effect: effects.discard }],
    },
    reschedule: { from: ['running'], steps: [{ status: 'rescheduling' }, { status: 'running', effect: effects.move }] },
    suspend: {
      from: ['running'],
      steps: [{ status: 'suspending' }, { status: 'suspended', effect: effects.snapshot }],
    },
    resume: {
      from: ['suspended'],
      steps: [
        { status: 'resuming', effect: effects.place },
        { status: 'running', effect: effects.restore },
      ],
    },
    reboot: { from: ['running'], steps: [{ status: 'rebooting' }, { status: 'running', effect: effects.boot }] },
  };

  function schedule(inst: Instance): void {
    const t = inst.transition;
    if (!t) return;
    clearTimeout(t.timer);
    const wait = Math.max(0, t.realMs + STEP_REAL_MS - performance.now());
    t.timer = setTimeout(() => settle(inst), wait + 1);
    t.timer.unref();
  }

  /** Completes every step that is due on either clock. */
  function settle(inst: Instance): void {
    const t = inst.transition;
    if (!t) return;
    for (;;) {
      const step = t.steps[0];
      if (!step) break;
      const byClock = now() - t.clockMs >= STEP_CLOCK_MS;
      const byReal = performance.now() - t.realMs >= STEP_REAL_MS;
      if (!byClock && !byReal) break;
      t.steps.shift();
      // Keep counting on the clock that got us here, so a big clock jump completes every step.
      t.clockMs = byClock ? t.clockMs + STEP_CLOCK_MS : now();
      t.realMs = byReal ? t.realMs + STEP_REAL_MS : performance.now();
      step.effect?.(inst);
      setStatus(inst, step.status);
    }
    if (t.steps.length === 0) {
      clearTimeout(t.timer);
      inst.transition = undefined;
    } else schedule(inst);
  }

  function begin(inst: Instance, action: string, immediate: Step | null, later: Step[]): void {
    if (immediate) {
      immediate.effect?.(inst);
      setStatus(inst, immediate.status);
    }
    inst.transition = { action, steps: later, clockMs: now(), realMs: performance.now() };
    schedule(inst);
  }

  return {
    setStatus,
    settle,
    /** Create: pending now, then starting (placed on a host), then running; or placed and stopped. */
    provision(inst: Instance, start: boolean): void {
      const steps = start
        ? [{ status: 'starting', effect: effects.place }, { status: 'running' }]
        : [{ status: 'stopped', effect: effects.place }];
      begin(inst, 'create', null, steps);
    },
    /** Runs an action or answers 409 invalid_state naming what the instance is doing. */
    act(inst: Instance, def: KindDef, action: Action): void {
      settle(inst);
      const a = ACTIONS[action];
      if (inst.transition) {
        conflict(
          'invalid_state',
          `Cannot ${action} ${def.label} ${inst.name}: it is ${inst.status} (wait until it is done).`,
          { status: inst.status },
        );
      }
      if (!a.from.includes(inst.status)) {
        conflict('invalid_state', `Cannot ${action} ${def.label} ${inst.name} while it is ${inst.status}.`, {
          status: inst.status,
        });
      }
      const [first, ...rest] = a.steps.map((s) => ({ ...s }));
      begin(inst, action, first!, rest);
    },
    /** Stops the timers of a deleted instance. */
    cancel(inst: Instance): void {
      clearTimeout(inst.transition?.timer);
      inst.transition = undefined;
    },
    desired(inst: Instance): string {
      return inst.transition?.steps.at(-1)?.status ?? inst.status;
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;
