/**
 * Limits: GET /api/v1/limits returns exactly the record the spec fixes, per tenant. The
 * limits:read permission is checked by the core from the route table.
 */
import { createHash } from 'node:crypto';
import type { LimitsRecord } from '../../contract/records';
import type { SandboxModule } from '../core/types';
import { iso } from '../kit/clock';
import { ok, tenantOf, UUID_RE } from '../kit/http';

/** The spec types tenant_id as a UUID; a non-UUID sandbox tenant id is mapped to a stable one. */
function tenantUuid(tenantId: string): string {
  if (UUID_RE.test(tenantId)) return tenantId;
  const h = createHash('sha256').update(tenantId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const limitsModule: SandboxModule = (world) => {
  const records = new Map<string, LimitsRecord>();
  world.onReset(() => records.clear());

  return {
    http: {
      'limits.get': (req) => {
        const tenant = tenantOf(req);
        let rec = records.get(tenant);
        if (!rec) {
          rec = {
            max_cpu_cores: 64,
            max_llm_tokens_month: 5_000_000,
            max_ram_gib: 256,
            max_storage_gib: 2048,
            max_vms_per_vpc: 50,
            max_vpcs: 10,
            tenant_id: tenantUuid(tenant),
            updated_at: iso(world),
          };
          records.set(tenant, rec);
        }
        return ok({ ...rec });
      },
    },
  };
};
