/**
 * POST /workspaces. Needs the tenant's source-hosting connector (409 no_connector). Takes exactly
 * one of repo_full_name (an existing repository of the connected account; 422 when unknown) or
 * new_repo (a name, or {name}; 409 when it exists), an optional template (store | cms | blank),
 * and enable_cicd with deploy_server_id (400 when missing). The outcome is decided up front and
 * revealed when `creating` settles: an unknown deploy server gives ci_error, a new_repo whose name
 * starts with "fail" gives failed (a sandbox switch for trying the failure path).
 */
import type { Handler } from '../core/types';
import {
  badRequest,
  body,
  conflict,
  oneOf,
  ok,
  optBool,
  optStr,
  str,
  tenantOf,
  unprocessable,
  type Body,
} from '../kit/http';
import { DEPLOY_SERVERS } from '../deploy-servers/seed';
import type { Template, Workspace } from './model';
import type { WorkspaceService } from './service';

function newRepoName(b: Body): string | undefined {
  const v = b.new_repo;
  if (v === undefined || v === null) return undefined;
  const name = typeof v === 'string' ? v : typeof v === 'object' ? (v as Body).name : undefined;
  if (typeof name !== 'string' || !/^[\w.-]+(\/[\w.-]+)?$/.test(name))
    badRequest('new_repo must be a repository name', { field: 'new_repo' });
  return name;
}

function outcome(deployServerId: string | null, newRepo: string | undefined): Workspace['outcome'] {
  if (newRepo && /^(.*\/)?fail/i.test(newRepo)) {
    return { status: 'failed', last_error: `could not create repository ${newRepo}: the source host refused it` };
  }
  if (deployServerId && !DEPLOY_SERVERS[deployServerId]) {
    return { status: 'ci_error', last_error: `deploy server ${deployServerId} not found; CI/CD was not set up` };
  }
  return { status: 'ready', last_error: null };
}

export function createHandler(svc: WorkspaceService): Handler {
  return (req) => {
    const b = body(req);
    const name = str(b, 'name');
    const existing = optStr(b, 'repo_full_name');
    const fresh = newRepoName(b);
    if ((existing === undefined) === (fresh === undefined))
      badRequest('give exactly one of repo_full_name or new_repo');
    const template = oneOf(b.template ?? 'blank', ['store', 'cms', 'blank'] as const, 'template') as Template;
    const enable = optBool(b, 'enable_cicd') ?? false;
    const deployServerId = enable ? str(b, 'deploy_server_id') : null;

    const tenant = tenantOf(req);
    const conn =
      svc.host.connector(req.zone.id, tenant) ??
      conflict('no_connector', 'workspace creation requires a source-hosting connector');
    const out = outcome(deployServerId, fresh);
    let hosted;
    if (existing !== undefined) {
      hosted =
        conn.repos.get(existing) ??
        unprocessable('repo_not_found', `${existing} is not visible to the connected account`);
    } else {
      const full = fresh!.includes('/') ? fresh! : `${conn.account}/${fresh!}`;
      if (conn.repos.has(full)) conflict('repo_exists', `${full} already exists; bind it with repo_full_name`);
      hosted = svc.host.hosted(full);
      if (out.status !== 'failed') conn.repos.set(full, hosted);
    }
    const repo =
      out.status === 'failed'
        ? { id: hosted.id, full_name: hosted.full_name }
        : svc.host.register(req.zone.id, tenant, hosted).repo;
    const ws = svc.create(
      { zoneId: req.zone.id, tenantId: tenant },
      { name, template, repo, deployServerId, outcome: out },
    );
    return ok(svc.view(ws), 201);
  };
}
