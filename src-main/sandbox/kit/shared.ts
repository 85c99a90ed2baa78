/**
 * Access to the parts of the world other modules share: disks and instances (compute marks disks
 * attached and reports instance status; storage refuses migrations on that basis) and the core's
 * event bus (faults). The core creates an inner map per zone; zoneMap tolerates one it has not.
 */
import type { EventEmitter } from 'node:events';
import type { World } from '../core/types';

export type DiskRecord = Record<string, unknown>;
export type SharedBag = World['shared'];

export function shared(world: World): SharedBag {
  return world.shared;
}

export function events(world: World): EventEmitter {
  return world.events;
}

export function zoneMap<V>(m: Map<string, Map<string, V>>, zoneId: string): Map<string, V> {
  let z = m.get(zoneId);
  if (!z) {
    z = new Map();
    m.set(zoneId, z);
  }
  return z;
}
