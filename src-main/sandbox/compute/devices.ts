/**
 * Disks and NICs attach the same way: POST {disk_id}/{nic_id}, 404 for an unknown device, 409 when
 * it hangs on another instance, and the device's own record carries `attached_to: {kind, id}`.
 * Disk records belong to storage (world.shared.disks); NICs to compute's catalog.
 */
import type { Handler, SandboxRequest } from '../core/types';
import { badRequest, body, conflict, noContent, notFound, ok } from '../kit/http';
import { shared } from '../kit/shared';
import { findDisk } from '../storage/disks';
import { record } from './activity';
import { type ComputeCtx, find, view } from './context';
import type { KindDef } from './kinds';
import type { Instance } from './model';

interface Attachable {
  attached_to?: unknown;
  status?: unknown;
}

interface DeviceKind {
  /** Route segment and instance field. */
  field: 'disks' | 'nics';
  label: string;
  key: 'disk_id' | 'nic_id';
  lookup(ctx: ComputeCtx, req: SandboxRequest, id: string): Attachable & { id?: unknown };
}

const DISK: DeviceKind = {
  field: 'disks',
  label: 'disk',
  key: 'disk_id',
  lookup: (ctx, req, id) => findDisk(ctx.world, req, id),
};
const NIC: DeviceKind = { field: 'nics', label: 'NIC', key: 'nic_id', lookup: (ctx, req, id) => ctx.nics.get(req, id) };

function holder(d: Attachable): { kind?: unknown; id?: unknown } | null {
  return typeof d.attached_to === 'object' && d.attached_to !== null
    ? (d.attached_to as { kind?: unknown; id?: unknown })
    : null;
}

function handlers(ctx: ComputeCtx, def: KindDef, dev: DeviceKind): Record<string, Handler> {
  return {
    [`${def.area}.${dev.field}.attach`]: (req) => {
      const inst = find(ctx, req, def);
      const raw = body(req)[dev.key];
      if (typeof raw !== 'string' || raw === '') badRequest(`${dev.key} is required`, { field: dev.key });
      const d = dev.lookup(ctx, req, raw);
      const id = typeof d.id === 'string' ? d.id : raw;
      const h = holder(d);
      if (h && h.id !== inst.id) {
        conflict(
          'already_attached',
          `${dev.label} ${raw} is attached to ${String(h.kind)} ${String(h.id)}; detach it first`,
          { attached_to: h },
        );
      }
      if (d.status === 'migrating') conflict('device_busy', `${dev.label} ${raw} is migrating`);
      if (!inst[dev.field].includes(id)) {
        d.attached_to = { kind: inst.kind, id: inst.id };
        inst[dev.field].push(id);
        inst.updatedAt = ctx.world.clock.now();
        record(ctx.world, inst, `${dev.label.toLowerCase()}_attached`, `${dev.label} ${id} attached`);
      }
      return ok(view(ctx, def, inst));
    },
    [`${def.area}.${dev.field}.detach`]: (req) => {
      const inst = find(ctx, req, def);
      const raw = req.params[dev.key] ?? '';
      const id = inst[dev.field].includes(raw) ? raw : undefined;
      if (!id) notFound(`attached ${dev.label}`, raw);
      release(ctx, inst, dev, id);
      inst.updatedAt = ctx.world.clock.now();
      record(ctx.world, inst, `${dev.label.toLowerCase()}_detached`, `${dev.label} ${id} detached`);
      return noContent();
    },
  };
}

/** Clears the device's mark (if it still points here) and drops it from the instance. */
function release(ctx: ComputeCtx, inst: Instance, dev: DeviceKind, id: string): void {
  inst[dev.field] = inst[dev.field].filter((x) => x !== id);
  const d = dev === DISK ? shared(ctx.world).disks.get(inst.zoneId)?.get(id) : ctx.nics.zone(inst.zoneId).get(id);
  if (d && holder(d)?.id === inst.id) d.attached_to = null;
}

/** On delete: every disk and NIC is let go. */
export function releaseDevices(ctx: ComputeCtx, inst: Instance): void {
  for (const dev of [DISK, NIC]) for (const id of [...inst[dev.field]]) release(ctx, inst, dev, id);
}

/** Seeding: attach a NIC by id without a request (no activity; it is part of the history). */
export function seedNic(ctx: ComputeCtx, inst: Instance, nicId: string): void {
  const n = ctx.nics.zone(inst.zoneId).get(nicId);
  if (!n || n.attached_to) return;
  n.attached_to = { kind: inst.kind, id: inst.id };
  inst.nics.push(nicId);
}

export function deviceHandlers(ctx: ComputeCtx, def: KindDef): Record<string, Handler> {
  return { ...handlers(ctx, def, DISK), ...handlers(ctx, def, NIC) };
}
