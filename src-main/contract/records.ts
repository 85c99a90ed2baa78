/**
 * Records whose shape the spec fixes exactly (most payloads are "not shown" and read tolerantly):
 * the sandbox answers with them and the renderer reads them as they are.
 */

/** GET /api/v1/limits */
export interface LimitsRecord {
  max_cpu_cores: number;
  max_llm_tokens_month: number;
  max_ram_gib: number;
  max_storage_gib: number;
  max_vms_per_vpc: number;
  max_vpcs: number;
  tenant_id: string;
  updated_at: string;
}

/** POST /api/v1/disks/{id}/snapshots/{name}/restore */
export interface RestoreResult {
  disk_id: string;
  new_disk_id: string;
  new_disk_uuid: string;
  status: string;
}
