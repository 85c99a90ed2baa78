/** Builds the World every module shares: clock, ids, faults, reset hooks, events, shared maps. */
import { EventEmitter } from 'node:events';
import { createClock } from './clock';
import type { Faults, SandboxZone, SeedUser, World } from './types';
import { createUuidv7, uuidv4 } from './uuid';

export interface WorldInit {
  zones: readonly SandboxZone[];
  parentDomain: string;
  scale: number;
  dataDir?: string;
  tenantId: string;
  users: readonly SeedUser[];
}

export interface CoreWorld extends World {
  /** Runs every onReset hook, then emits 'reset'. */
  runReset(): void;
}

export const noFaults = (): Faults => ({
  latencyMs: 0,
  errorRate: 0,
  resetRate: 0,
  dropWebSockets: false,
  dropStreams: false,
});

export function createWorld(init: WorldInit): CoreWorld {
  const clock = createClock();
  const resetHooks: (() => void)[] = [];
  const events = new EventEmitter();
  events.setMaxListeners(0); // every module and every open stream may listen
  const shared: World['shared'] = { disks: new Map(), instances: new Map() };
  // Inner maps are created once and only cleared on reset, so modules may keep references.
  for (const z of init.zones) {
    shared.disks.set(z.id, new Map());
    shared.instances.set(z.id, new Map());
  }
  const clearShared = () => {
    for (const m of [...shared.disks.values(), ...shared.instances.values()]) m.clear();
  };
  const world: CoreWorld = {
    ...init,
    clock,
    faults: noFaults(),
    uuid: uuidv4,
    uuidv7: createUuidv7(() => clock.now()),
    onReset: (fn) => void resetHooks.push(fn),
    events,
    shared,
    runReset() {
      Object.assign(world.faults, noFaults());
      delete world.faults.reply;
      delete world.faults.zones;
      clearShared();
      for (const fn of resetHooks) fn();
      events.emit('reset');
    },
  };
  return world;
}
