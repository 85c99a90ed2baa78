/**
 * Containers and microVMs per zone. Every status write goes through `sync`, which mirrors
 * `{kind, status}` into world.shared.instances: storage reads it to refuse migrating a disk that
 * is attached to a running VM.
 */
import type { SandboxRequest, World } from '../core/types';
import { notFound, tenantOf } from '../kit/http';
import { shared, zoneMap } from '../kit/shared';
import type { KindDef } from './kinds';
import type { Instance, Kind } from './model';

export class InstanceStore {
  private readonly zones = new Map<string, Map<string, Instance>>();

  constructor(private readonly world: World) {}

  private zone(zoneId: string): Map<string, Instance> {
    return zoneMap(this.zones, zoneId);
  }

  add(inst: Instance): Instance {
    this.zone(inst.zoneId).set(inst.id, inst);
    this.sync(inst);
    return inst;
  }

  /** Mirror the status for other modules; called after every status change. */
  sync(inst: Instance): void {
    zoneMap(shared(this.world).instances, inst.zoneId).set(inst.id, { kind: inst.kind, status: inst.status });
  }

  remove(inst: Instance): void {
    this.zone(inst.zoneId).delete(inst.id);
    shared(this.world).instances.get(inst.zoneId)?.delete(inst.id);
  }

  list(zoneId: string, tenantId: string, kind: Kind): Instance[] {
    const out: Instance[] = [];
    for (const i of this.zone(zoneId).values()) if (i.kind === kind && i.tenantId === tenantId) out.push(i);
    return out;
  }

  /** The caller's instance of this kind, or 404 (another tenant's id reads as unknown). */
  get(req: SandboxRequest, def: KindDef): Instance {
    const id = req.params.id ?? '';
    const inst = this.zone(req.zone.id).get(id);
    if (!inst || inst.kind !== def.kind || inst.tenantId !== tenantOf(req)) notFound(def.label, id);
    return inst;
  }

  findByName(zoneId: string, tenantId: string, kind: Kind, name: string): Instance | undefined {
    for (const i of this.zone(zoneId).values()) {
      if (i.kind === kind && i.tenantId === tenantId && i.name === name) return i;
    }
    return undefined;
  }

  all(): IterableIterator<Instance> {
    const zones = [...this.zones.values()];
    return (function* () {
      for (const z of zones) yield* z.values();
    })();
  }

  clear(): void {
    this.zones.clear();
  }
}
