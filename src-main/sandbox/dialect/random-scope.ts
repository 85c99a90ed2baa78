/**
 * What a `random:N` zone renames, as data: the open areas and the routes among them whose replies
 * keep the spec's words; the keys the spec fixes (never renamed); the keys whose values are the
 * user's own data (kept whole: a workflow's graph, a run's input, config-var names); and the
 * vocabulary named up front so a request can use a name before any reply showed it.
 */
import { areaOf, SCOPE_AREAS } from './points';

/** Areas whose records' fields the spec leaves "not shown". */
export const RANDOM_AREAS: ReadonlySet<string> = new Set([...SCOPE_AREAS.open, 'repos']);

/** Routes of those areas the spec fixes (CI/CD status and its inputs) or that carry credentials, not records. */
const FIXED_ROUTE = /^workspaces\.(cicd\.(?!deployments$)|storeCredentials$|cmsCredentials$)/;

export const inRandomScope = (routeId: string) => RANDOM_AREAS.has(areaOf(routeId)) && !FIXED_ROUTE.test(routeId);

/**
 * Keys the spec names: workspace status and creation inputs, CI/CD and deployment-history fields,
 * chat fields, the eval gate, the cursor parameters and the runtime-log parameters.
 */
export const FIXED_KEYS: ReadonlySet<string> = new Set([
  'last_error',
  'repo_full_name',
  'new_repo',
  'enable_cicd',
  'deploy_server_id',
  'app_status',
  'commit',
  'app',
  'ref_id',
  'mode',
  'require_eval_pass',
  'before',
  'limit',
  'lines',
]);

/** In workspaces the spec fixes `status` (creating/ready/…) and chat/deployment `kind`/`status` too. */
const WORKSPACE_FIXED: ReadonlySet<string> = new Set(['status', 'kind']);

export function isFixed(routeId: string, key: string): boolean {
  return FIXED_KEYS.has(key) || (areaOf(routeId) === 'workspaces' && WORKSPACE_FIXED.has(key));
}

/** Values that are the user's data, not the zone's words: renamed as a key, never looked into. */
export const OPAQUE_KEYS: ReadonlySet<string> = new Set([
  'draft_spec',
  'spec',
  'executed_spec',
  'input',
  'output',
  'config_vars',
  'labels',
  'env',
  'errors',
]);

/** Standard keys of the open areas' records and requests, named when the zone starts. */
export const VOCABULARY: readonly string[] = [
  // every record
  'id name kind status desired_status status_since created_at updated_at tenant_id zone',
  // compute
  'host_id image cpu memory_mib ports port protocol restart_policy config_vars_count disks nics attachments',
  'kernel vcpus suspended_at snapshot_id restored_from_snapshot boot_count config_vars log_backlog',
  'at type message from to since rows cols interval database_id engine sandbox default config_var',
  // clusters and networking
  'version workers upgrade role address nic_id public_ip_id subnet listen_port server_public_key',
  // skills
  'description file_count path size content prefix',
  // workflows and runs
  'draft_spec latest_version deployment primary canary runner_id deployed_at eval_gate webhook secret_set',
  'rotated_at secret spec weight expected input output criteria target verdicts passed case_id suite_id',
  'comment decision workflow_id steps node_id started_at finished_at error',
  // workspaces and repositories
  'template repo_id cicd_enabled prompt uuid trigger full_name default_branch private connector_id',
  'registered_at exit_code',
]
  .join(' ')
  .split(' ');
