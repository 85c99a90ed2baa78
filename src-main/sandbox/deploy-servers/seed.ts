/**
 * The seeded deploy servers and what runs on them (the spec has no list route, so the ids are
 * fixed and documented in docs/sandbox.md). Workspaces accept these ids as deploy_server_id.
 */
export type MemberKind = 'applications' | 'databases' | 'services';

export const DEPLOY_SERVERS: Record<string, Record<MemberKind, readonly string[]>> = {
  'ds-main': {
    applications: ['storefront', 'backend'],
    databases: ['postgres-main', 'redis-cache'],
    services: ['nginx', 'worker'],
  },
  'ds-staging': { applications: ['storefront'], databases: ['postgres-staging'], services: ['nginx'] },
};
