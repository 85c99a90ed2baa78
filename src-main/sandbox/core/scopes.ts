/**
 * Scope values (the spec leaves them open): a read and a write scope per resource area, plus the
 * four named route permissions. A user's permissions and an API client's scopes use the same words,
 * so one check in the core covers both kinds of caller.
 */
import type { Route } from '../../contract/routes';

export const PERMISSIONS = ['disks:restore', 'disks:update', 'deploy_servers:manage', 'limits:read'] as const;

/** Route-id prefix -> scope area. Areas whose routes all carry a named permission are absent. */
const AREAS: Record<string, { area: string; label: string }> = {
  containers: { area: 'containers', label: 'containers' },
  microvms: { area: 'microvms', label: 'microVMs' },
  kubernetes: { area: 'kubernetes', label: 'Kubernetes clusters' },
  skills: { area: 'skills', label: 'skills and their files' },
  publicIps: { area: 'public_ips', label: 'public IPs' },
  vpnGateways: { area: 'vpn_gateways', label: 'VPN gateways and their profiles' },
  workflows: { area: 'workflows', label: 'workflows, versions, evals and canaries' },
  workflowRuns: { area: 'workflows', label: 'workflows, versions, evals and canaries' },
  repos: { area: 'repos', label: 'registered repositories' },
  workspaces: { area: 'workspaces', label: 'workspaces and their CI/CD' },
  apiClients: { area: 'api_clients', label: 'API clients' },
};

const PERMISSION_TEXT: Record<(typeof PERMISSIONS)[number], string> = {
  'disks:restore': 'Restore disk snapshots into new disks',
  'disks:update': 'Migrate disks between hosts',
  'deploy_servers:manage': 'Restart applications, databases and services on deploy servers',
  'limits:read': "Read the tenant's resource limits",
};

export interface ScopeInfo {
  scope: string;
  description: string;
}

function areaScopes(): ScopeInfo[] {
  const seen = new Map<string, string>();
  for (const { area, label } of Object.values(AREAS)) seen.set(area, label);
  return [...seen].flatMap(([area, label]) => [
    { scope: `${area}:read`, description: `Read ${label}` },
    { scope: `${area}:write`, description: `Create, change and delete ${label}` },
  ]);
}

export const SCOPES: readonly ScopeInfo[] = [
  ...areaScopes(),
  ...PERMISSIONS.map((p) => ({ scope: p, description: PERMISSION_TEXT[p] })),
];
export const ALL_SCOPES: readonly string[] = SCOPES.map((s) => s.scope);
export const READ_SCOPES: readonly string[] = ALL_SCOPES.filter((s) => s.endsWith(':read') && s !== 'limits:read');

/**
 * What a route needs: its named permission, else the area scope by method (GET reads, anything
 * else writes), else nothing (identity routes are guarded by their own rules).
 */
export function requiredScope(route: Route): string | undefined {
  if (route.permission) return route.permission;
  const a = AREAS[route.id.split('.')[0]!];
  if (!a) return undefined;
  return `${a.area}:${route.method === 'GET' ? 'read' : 'write'}`;
}
