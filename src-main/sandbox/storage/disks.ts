/**
 * Disk records live in world.shared.disks (per zone) because compute marks them attached and
 * storage reads that mark. Seeded disks have fixed ids (documented in docs/sandbox.md, since the
 * spec has no disk list route) and belong to no tenant, so every signed-in tenant may use them.
 */
import type { SandboxRequest, World } from '../core/types';
import { iso } from '../kit/clock';
import { notFound, tenantOf } from '../kit/http';
import { shared, zoneMap, type DiskRecord } from '../kit/shared';

export const HOST_IDS = [
  '0b9c6a52-7d1e-4c3a-9f00-000000000a01',
  '0b9c6a52-7d1e-4c3a-9f00-000000000a02',
  '0b9c6a52-7d1e-4c3a-9f00-000000000a03',
] as const;

export const SEED_DISKS = [
  { id: '5b1f0c2e-2c4d-4e8a-8000-000000000d01', name: 'data-1', size_gib: 50, snaps: ['nightly-1', 'nightly-2'] },
  { id: '5b1f0c2e-2c4d-4e8a-8000-000000000d02', name: 'db-volume', size_gib: 100, snaps: ['before-upgrade'] },
  { id: '5b1f0c2e-2c4d-4e8a-8000-000000000d03', name: 'scratch', size_gib: 20, snaps: [] },
] as const;

function disk(
  world: World,
  id: string,
  name: string,
  size: number,
  host: string,
  snaps: readonly string[],
): DiskRecord {
  const created = iso(world);
  return {
    id,
    name,
    size_gib: size,
    host_id: host,
    status: 'available',
    attached_to: null,
    tenant_id: null,
    created_at: created,
    snapshots: snaps.map((s) => ({ name: s, created_at: created })),
  };
}

export function seedDisks(world: World): void {
  for (const zone of world.zones) {
    const m = zoneMap(shared(world).disks, zone.id);
    SEED_DISKS.forEach((d, i) => m.set(d.id, disk(world, d.id, d.name, d.size_gib, HOST_IDS[i % 3]!, d.snaps)));
    // --scale: one extra disk per ten containers, cheap records spread over the hosts.
    for (let i = 0; i < Math.floor(world.scale / 10); i++) {
      const id = world.uuid();
      m.set(id, disk(world, id, `scale-disk-${i + 1}`, 10, HOST_IDS[i % 3]!, ['daily']));
    }
  }
}

/** A disk the caller may act on, by UUID or by its short id; 404 otherwise. */
export function findDisk(world: World, req: SandboxRequest, id: string): DiskRecord {
  const m = zoneMap(shared(world).disks, req.zone.id);
  const d = m.get(id) ?? [...m.values()].find((x) => x.short_id === id);
  const owner = d?.tenant_id;
  if (!d || (owner !== null && owner !== undefined && owner !== tenantOf(req))) notFound('disk', id);
  return d;
}
