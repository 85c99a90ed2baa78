/** What every compute handler works with, and the one way to look an instance up (settled). */
import type { SandboxRequest, World } from '../core/types';
import type { NicCatalog } from './catalog';
import type { ConsoleRegistry } from './console/registry';
import type { KindDef } from './kinds';
import type { Lifecycle } from './lifecycle';
import { iso, type Instance } from './model';
import type { InstanceStore } from './store';

export interface ComputeCtx {
  world: World;
  store: InstanceStore;
  nics: NicCatalog;
  life: Lifecycle;
  consoles: ConsoleRegistry;
}

/** The caller's instance with every due lifecycle step applied, or 404. */
export function find(ctx: ComputeCtx, req: SandboxRequest, def: KindDef): Instance {
  const inst = ctx.store.get(req, def);
  ctx.life.settle(inst);
  return inst;
}

/** The JSON shape of one instance (documented in docs/sandbox.md, Compute). */
export function view(ctx: ComputeCtx, def: KindDef, inst: Instance): Record<string, unknown> {
  return {
    id: inst.id,
    name: inst.name,
    kind: inst.kind,
    status: inst.status,
    desired_status: ctx.life.desired(inst),
    host_id: inst.hostId,
    ...inst.spec,
    ...def.view(inst),
    tenant_id: inst.tenantId,
    zone: inst.zoneId,
    created_at: iso(inst.createdAt),
    updated_at: iso(inst.updatedAt),
    status_since: iso(inst.statusSince),
    config_vars_count: Object.keys(inst.configVars ?? {}).length,
    disks: [...inst.disks],
    nics: [...inst.nics],
    attachments: (inst.databases ?? []).map((d) => d.database_id),
  };
}
