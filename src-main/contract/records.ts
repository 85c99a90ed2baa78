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

/** The token body: a sign-in that needs no second factor, and a successful second-factor verification. */
export interface TokenBody {
  access_token: string;
  refresh_token: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** POST /api/v1/auth/totp/setup */
export interface TotpSetup {
  secret: string;
  /** otpauth:// URL to render as a QR code. */
  otpauth_url: string;
}

/** POST /api/v1/auth/totp/confirm: the recovery codes, shown once. */
export interface TotpConfirmation {
  recovery_codes: string[];
}

export type WorkspaceStatus = 'creating' | 'ready' | 'ci_error' | 'failed';

/** GET /api/v1/workspaces/{id}: status and last_error are fixed; its other fields are "not shown". */
export interface WorkspaceRecord extends Record<string, unknown> {
  status: WorkspaceStatus;
  /** Text explaining a failure (the spec does not say what it is while nothing failed). */
  last_error?: string | null;
}

/**
 * GET /api/v1/workspaces/{id}/cicd (and the deploy reply). The spec names only app_status; the
 * branch, shas and live URL it carries are described without field names, so they stay unknown.
 */
export interface CicdStatus extends Record<string, unknown> {
  /** Starts with "running" when the app is up. */
  app_status: string;
}
