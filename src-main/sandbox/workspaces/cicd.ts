/**
 * CI/CD routes of a workspace: status, immediate deploy, deployment history and build logs,
 * disable/enable (enable may bind a deploy server and retries a ci_error), and the runtime log
 * (app backend|storefront, default storefront; lines 1..1000, default 200; anything else 400).
 */
import type { Handler, SandboxRequest } from '../core/types';
import { DEPLOY_SERVERS } from '../deploy-servers/seed';
import { body, conflict, intQuery, list, notFound, oneOf, ok, optStr, text, unprocessable } from '../kit/http';
import type { Workspace } from './model';
import type { WorkspaceService } from './service';

export function cicdHandlers(svc: WorkspaceService, get: (req: SandboxRequest) => Workspace): Record<string, Handler> {
  const status = (req: SandboxRequest, ws: Workspace) => ok(svc.cicdView(req.zone, ws));
  const buildLog = (ws: Workspace, uuid?: string) => {
    const d = uuid === undefined ? ws.deployments[0] : ws.deployments.find((x) => x.uuid === uuid);
    return d ? text(`${d.log.join('\n')}\n`) : notFound('deployment', uuid ?? 'latest');
  };

  return {
    'workspaces.cicd.get': (req) => status(req, get(req)),

    'workspaces.cicd.deploy': (req) => {
      const ws = get(req);
      if (ws.status !== 'ready') conflict('workspace_not_ready', `workspace is ${ws.status}`, { status: ws.status });
      if (!ws.cicd.deploy_server_id) conflict('cicd_not_configured', 'bind a deploy server with cicd/enable first');
      svc.deploy(ws, 'manual');
      return status(req, ws);
    },

    'workspaces.cicd.deployments': (req) => list(get(req).deployments.map(({ log: _log, ...d }) => d)),
    'workspaces.cicd.latestLog': (req) => buildLog(get(req)),
    'workspaces.cicd.deploymentLog': (req) => buildLog(get(req), req.params.deployment ?? ''),

    'workspaces.cicd.disable': (req) => {
      const ws = get(req);
      ws.cicd.enabled = false;
      return status(req, ws);
    },

    'workspaces.cicd.enable': (req) => {
      const ws = get(req);
      if (ws.status === 'creating' || ws.status === 'failed')
        conflict('workspace_not_ready', `workspace is ${ws.status}`);
      const given = optStr(body(req), 'deploy_server_id');
      const serverId = ws.cicd.deploy_server_id ?? given;
      if (!serverId) unprocessable('deploy_server_required', 'no deploy server is bound; give deploy_server_id');
      if (!DEPLOY_SERVERS[serverId]) unprocessable('unknown_deploy_server', `deploy server ${serverId} not found`);
      svc.bindCicd(req.zone.id, ws, serverId);
      if (ws.status === 'ci_error') {
        ws.status = 'ready';
        ws.last_error = null;
      }
      if (!ws.cicd.last_deployed_sha) svc.deploy(ws, 'initial');
      return status(req, ws);
    },

    'workspaces.cicd.runtimeLog': (req) => {
      const ws = get(req);
      const app = oneOf(req.query.get('app') ?? 'storefront', ['backend', 'storefront'] as const, 'app');
      const lines = intQuery(req, 'lines', 1, 1000, 200);
      if (app === 'backend' && ws.template !== 'store') notFound('app', app);
      const sha = ws.cicd.last_deployed_sha?.slice(0, 7) ?? 'none';
      const out: string[] = [];
      for (let i = 1; i <= lines; i++) out.push(`${app}[${sha}] line ${i}: GET /health 200`);
      return text(`${out.join('\n')}\n`);
    },
  };
}
