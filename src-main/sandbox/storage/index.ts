/**
 * Storage: the two disk routes the spec fixes. Restore answers exactly
 * {disk_id, new_disk_id, new_disk_uuid, status}; migrate answers 204, or 409 while the disk is
 * attached to an instance that compute reports running.
 */
import type { SandboxModule } from '../core/types';
import { iso } from '../kit/clock';
import { badRequest, body, conflict, noContent, notFound, ok, tenantOf, unprocessable, UUID_RE } from '../kit/http';
import { shared, zoneMap } from '../kit/shared';
import { findDisk, HOST_IDS, seedDisks } from './disks';

interface Snapshot {
  name: string;
  created_at: string;
}

interface Attachment {
  kind?: string;
  id?: string;
}

export const storageModule: SandboxModule = (world) => {
  seedDisks(world);
  world.onReset(() => seedDisks(world));

  return {
    http: {
      'disks.snapshots.restore': (req) => {
        const src = findDisk(world, req, req.params.id ?? '');
        const name = req.params.name ?? '';
        const snaps = (src.snapshots ?? []) as Snapshot[];
        if (!snaps.some((s) => s.name === name)) notFound('snapshot', name);
        const uuid = world.uuid();
        const shortId = `disk-${uuid.slice(0, 8)}`;
        zoneMap(shared(world).disks, req.zone.id).set(uuid, {
          ...src,
          id: uuid,
          short_id: shortId,
          name: `${String(src.name)}-${name}`,
          status: 'available',
          attached_to: null,
          tenant_id: tenantOf(req),
          restored_from: { disk_id: src.id, snapshot: name },
          created_at: iso(world),
          snapshots: [],
        });
        return ok({ disk_id: src.id, new_disk_id: shortId, new_disk_uuid: uuid, status: 'available' });
      },

      'disks.migrate': (req) => {
        const d = findDisk(world, req, req.params.id ?? '');
        const target = body(req).target_host_id;
        if (typeof target !== 'string' || !UUID_RE.test(target)) {
          badRequest('target_host_id must be a UUID', { field: 'target_host_id' });
        }
        if (!(HOST_IDS as readonly string[]).includes(target))
          unprocessable('unknown_host', `host ${target} does not exist`);
        const att = d.attached_to as Attachment | null | undefined;
        const inst = att?.id ? shared(world).instances.get(req.zone.id)?.get(att.id) : undefined;
        if (att?.id && inst?.status === 'running') {
          conflict('disk_attached_to_running_vm', `disk is attached to running ${inst.kind} ${att.id}; stop it first`, {
            instance_id: att.id,
            instance_kind: inst.kind ?? att.kind,
          });
        }
        // Replicated block storage makes the move instant here; the target simply becomes the host.
        d.host_id = target;
        return noContent();
      },
    },
  };
};
