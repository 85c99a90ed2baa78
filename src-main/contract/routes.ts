/**
 * The route table: every route of the platform spec as data. The agent can only reach what is
 * listed here, the sandbox implements exactly this, and a unit test holds it to the spec.
 */
import type { HttpMethod, Route } from './route-types';
export type { BodyKind, HttpMethod, Permission, Route } from './route-types';
export { fillPath, pathParamProblem, pathParams } from './route-paths';

type Opts = Partial<Pick<Route, 'permission' | 'request' | 'response' | 'sensitive' | 'public'>>;

function r<Id extends string, M extends HttpMethod, P extends string>(
  id: Id,
  method: M,
  path: P,
  summary: string,
  opts: Opts = {},
): Route<Id, M, P> {
  const bodyless = method === 'GET' || method === 'DELETE';
  return {
    id,
    method,
    path,
    summary,
    permission: opts.permission,
    request: opts.request ?? (bodyless ? 'empty' : 'json'),
    response: opts.response ?? 'json',
    sensitive: opts.sensitive ?? false,
    public: opts.public ?? false,
  };
}

const pub = { public: true } as const;
const noBody = { request: 'empty', response: 'empty' } as const;
const A = '/api/v1';

/** Create, read, update, delete and list for a plain collection. */
function crud<Ar extends string, B extends string, U extends 'PUT' | 'PATCH' = 'PUT'>(
  area: Ar,
  base: B,
  label: string,
  update = 'PUT' as U,
) {
  return [
    r(`${area}.list`, 'GET', `${A}/${base}`, `List ${label}`),
    r(`${area}.create`, 'POST', `${A}/${base}`, `Create a ${label}`),
    r(`${area}.get`, 'GET', `${A}/${base}/{id}`, `Get a ${label}`),
    r(`${area}.update`, update, `${A}/${base}/{id}`, `Update a ${label}`),
    r(`${area}.delete`, 'DELETE', `${A}/${base}/{id}`, `Delete a ${label}`, { response: 'empty' }),
  ] as const;
}

/** Routes containers and microVMs share. */
function compute<Ar extends string, B extends string>(area: Ar, base: B, label: string) {
  const p = `${A}/${base}/{id}` as const;
  return [
    ...crud(area, base, label),
    r(`${area}.activity`, 'GET', `${p}/activity`, 'Activity feed (reconciler events)'),
    r(`${area}.attachments.list`, 'GET', `${p}/attachments`, 'List attached databases'),
    r(`${area}.attachments.attachDatabase`, 'POST', `${p}/attachments/database`, 'Attach a managed database'),
    r(`${area}.attachments.detachDatabase`, 'DELETE', `${p}/attachments/database/{database_id}`, 'Detach a database', {
      response: 'empty',
    }),
    r(`${area}.configVars.get`, 'GET', `${p}/config-vars`, 'Get config vars'),
    r(`${area}.configVars.replace`, 'PUT', `${p}/config-vars`, 'Replace config vars (best-effort live apply)'),
    r(`${area}.console`, 'GET', `${p}/console`, 'Console over WebSocket', { response: 'websocket' }),
    r(`${area}.disks.attach`, 'POST', `${p}/disks`, 'Attach a disk'),
    r(`${area}.disks.detach`, 'DELETE', `${p}/disks/{disk_id}`, 'Detach a disk', { response: 'empty' }),
    r(`${area}.metrics`, 'GET', `${p}/metrics`, 'Metric history as chart series'),
    r(`${area}.nics.attach`, 'POST', `${p}/nics`, 'Attach a NIC'),
    r(`${area}.nics.detach`, 'DELETE', `${p}/nics/{nic_id}`, 'Detach a NIC', { response: 'empty' }),
    r(`${area}.reschedule`, 'POST', `${p}/reschedule`, 'Move to another host', { request: 'empty' }),
    r(`${area}.start`, 'POST', `${p}/start`, 'Start', { request: 'empty' }),
    r(`${area}.stop`, 'POST', `${p}/stop`, 'Stop', { request: 'empty' }),
  ] as const;
}

/** A deploy server's restart of one application, database or service (`param` names its path parameter). */
function restart<K extends string, P extends string>(kind: K, param: P) {
  return r(
    `deployServers.${kind}.restart`,
    'POST',
    `${A}/deploy-servers/{id}/${kind}/{${param}}/restart`,
    `Restart ${kind.slice(0, -1)}`,
    {
      ...noBody,
      permission: 'deploy_servers:manage',
    },
  );
}

export const ROUTES = [
  // Sign-in and sessions
  r('auth.login', 'POST', `${A}/auth/login`, 'Sign in with email and password', pub),
  r('auth.mfa.verify', 'POST', `${A}/auth/mfa/verify`, 'Verify a second factor', pub),
  r('auth.mfa.resend', 'POST', `${A}/auth/mfa/resend`, 'Mail a fresh code', pub),
  r('auth.security', 'GET', `${A}/auth/security`, 'Remembered browsers and security state'),
  r('auth.devices.delete', 'DELETE', `${A}/auth/devices/{id}`, 'Remove one remembered browser', { response: 'empty' }),
  r('auth.devices.deleteAll', 'DELETE', `${A}/auth/devices`, 'Remove all remembered browsers', { response: 'empty' }),
  r('auth.totp.setup', 'POST', `${A}/auth/totp/setup`, 'Start authenticator enrolment', {
    request: 'empty',
    sensitive: true,
  }),
  r('auth.totp.confirm', 'POST', `${A}/auth/totp/confirm`, 'Confirm enrolment; recovery codes shown once', {
    sensitive: true,
  }),
  r('auth.totp.recoveryCodes', 'POST', `${A}/auth/totp/recovery-codes`, 'Replace recovery codes', { sensitive: true }),
  r('auth.totp.disable', 'DELETE', `${A}/auth/totp`, 'Turn the authenticator off', {
    request: 'json',
    response: 'empty',
  }),
  r('auth.token', 'POST', `${A}/auth/token`, 'Refresh the session', { ...pub, sensitive: true }),
  r('auth.logout', 'POST', `${A}/auth/logout`, 'Sign out', { response: 'empty' }),
  r('auth.sessions.revokeAll', 'POST', `${A}/auth/sessions/revoke-all`, 'End every session everywhere', {
    request: 'empty',
    response: 'empty',
  }),
  r('auth.locale', 'PUT', `${A}/auth/locale`, 'Set the mail language'),
  r('auth.changePassword', 'POST', `${A}/auth/change-password`, 'Change the password'),
  r('auth.forgotPassword', 'POST', `${A}/auth/forgot-password`, 'Mail a password reset code', pub),
  r('auth.resetPassword', 'POST', `${A}/auth/reset-password`, 'Set a new password with a reset code', pub),
  r('auth.sendVerifyEmail', 'POST', `${A}/auth/send-verify-email`, 'Mail an address verification code', {
    request: 'empty',
  }),
  r('auth.verifyEmail', 'POST', `${A}/auth/verify-email`, 'Verify the address with the mailed code'),
  // Token endpoint
  r('oauth.token', 'POST', '/oauth/token', 'Token for an API client', { ...pub, sensitive: true }),
  // API clients (scopes before {id} so the literal path wins when matching)
  r('apiClients.scopes', 'GET', `${A}/api-clients/scopes`, 'Scopes the caller may grant'),
  ...crud('apiClients', 'api-clients', 'API client', 'PATCH').map((x) =>
    x.id === 'apiClients.create' ? { ...x, sensitive: true } : x,
  ),
  r(
    'apiClients.revokeTokens',
    'POST',
    `${A}/api-clients/{id}/revoke-tokens`,
    'Revoke every token of the client',
    noBody,
  ),
  r('apiClients.rotate', 'POST', `${A}/api-clients/{id}/rotate`, 'Rotate the secret', {
    request: 'empty',
    sensitive: true,
  }),
  // Compute
  ...compute('containers', 'containers', 'container'),
  r('containers.logs', 'GET', `${A}/containers/{id}/logs`, 'Output (stdout and stderr)', { response: 'text' }),
  r('containers.logs.archive', 'GET', `${A}/containers/{id}/logs/archive`, 'Complete captured output', {
    response: 'download',
  }),
  ...compute('microvms', 'microvms', 'microVM'),
  r('microvms.reboot', 'POST', `${A}/microvms/{id}/reboot`, 'Reboot', { request: 'empty' }),
  r('microvms.resume', 'POST', `${A}/microvms/{id}/resume`, 'Resume from memory snapshot', { request: 'empty' }),
  r('microvms.suspend', 'POST', `${A}/microvms/{id}/suspend`, 'Suspend to a memory snapshot', { request: 'empty' }),
  // Disks
  r(
    'disks.snapshots.restore',
    'POST',
    `${A}/disks/{id}/snapshots/{name}/restore`,
    'Restore a snapshot into a new disk',
    {
      permission: 'disks:restore',
      request: 'empty',
    },
  ),
  r('disks.migrate', 'POST', `${A}/disks/{id}/migrate`, 'Move the disk to another host', {
    permission: 'disks:update',
    response: 'empty',
  }),
  // Deploy servers
  restart('applications', 'app'),
  restart('databases', 'db'),
  restart('services', 'svc'),
  // Kubernetes
  r('kubernetes.versions', 'GET', `${A}/kubernetes-clusters/versions`, 'Installable versions'),
  ...crud('kubernetes', 'kubernetes-clusters', 'cluster'),
  r('kubernetes.kubeconfig', 'GET', `${A}/kubernetes-clusters/{id}/kubeconfig`, 'Admin kubeconfig', {
    response: 'download',
    sensitive: true,
  }),
  r('kubernetes.nodes', 'GET', `${A}/kubernetes-clusters/{id}/nodes`, 'Nodes'),
  r('kubernetes.upgrade', 'POST', `${A}/kubernetes-clusters/{id}/upgrade`, 'Start a rolling upgrade'),
  // Skills
  ...crud('skills', 'skills', 'skill'),
  r('skills.files.list', 'GET', `${A}/skills/{id}/files`, 'List files'),
  r('skills.files.put', 'PUT', `${A}/skills/{id}/files`, 'Create or replace a file'),
  r('skills.files.delete', 'DELETE', `${A}/skills/{id}/files`, 'Delete a file', { response: 'empty' }),
  r('skills.files.content', 'GET', `${A}/skills/{id}/files/content`, 'Read a file', { response: 'text' }),
  // Networking
  r('publicIps.attach', 'POST', `${A}/public-ips/attach`, 'Attach to a NIC'),
  r('publicIps.detach', 'POST', `${A}/public-ips/detach`, 'Detach from a NIC'),
  ...crud('publicIps', 'public-ips', 'public IP'),
  ...crud('vpnGateways', 'vpn-gateways', 'VPN gateway'),
  r('vpnGateways.config', 'GET', `${A}/vpn-gateways/{id}/config`, 'VPN client profile', {
    response: 'download',
    sensitive: true,
  }),
  // Workflows
  ...crud('workflows', 'workflows', 'workflow'),
  r('workflows.canary.start', 'POST', `${A}/workflows/{id}/canary`, 'Start or reweight the canary'),
  r('workflows.canary.stop', 'DELETE', `${A}/workflows/{id}/canary`, 'Stop the canary', { response: 'empty' }),
  r('workflows.canary.promote', 'POST', `${A}/workflows/{id}/canary/promote`, 'Promote the canary', {
    request: 'empty',
  }),
  r('workflows.deploy', 'POST', `${A}/workflows/{id}/deploy`, 'Deploy the published workflow'),
  r('workflows.undeploy', 'POST', `${A}/workflows/{id}/undeploy`, 'Undeploy the runner', { request: 'empty' }),
  r('workflows.evalGate', 'PUT', `${A}/workflows/{id}/eval-gate`, 'Require a passing eval suite before promote'),
  r('workflows.evals.results', 'GET', `${A}/workflows/{id}/evals/results`, 'Eval verdicts, newest suites first'),
  r('workflows.evals.run', 'POST', `${A}/workflows/{id}/evals/run`, 'Run the eval suite'),
  r('workflows.evals.list', 'GET', `${A}/workflows/{id}/evals`, 'Eval cases'),
  r('workflows.evals.put', 'POST', `${A}/workflows/{id}/evals`, 'Create or update an eval case'),
  r('workflows.evals.delete', 'DELETE', `${A}/workflows/{id}/evals/{caseId}`, 'Delete an eval case', {
    response: 'empty',
  }),
  r('workflows.publish', 'POST', `${A}/workflows/{id}/publish`, 'Publish the draft', { request: 'empty' }),
  r('workflows.run', 'POST', `${A}/workflows/{id}/run`, 'Start a manual run'),
  r('workflows.runs', 'GET', `${A}/workflows/{id}/runs`, 'Run history (before, limit)'),
  r('workflows.validate', 'POST', `${A}/workflows/{id}/validate`, 'Lint a spec without saving'),
  r('workflows.versions.list', 'GET', `${A}/workflows/{id}/versions`, 'Published versions'),
  r('workflows.versions.get', 'GET', `${A}/workflows/{id}/versions/{version}`, 'One frozen version'),
  r('workflows.webhook.rotate', 'POST', `${A}/workflows/{id}/webhook/rotate`, 'Rotate the webhook secret', {
    request: 'empty',
    sensitive: true,
  }),
  // Workflow runs
  r('workflowRuns.get', 'GET', `${A}/workflow-runs/{id}`, 'A run with its step trail'),
  r('workflowRuns.approvals', 'POST', `${A}/workflow-runs/{id}/approvals`, 'Approve or reject a gate'),
  r('workflowRuns.cancel', 'POST', `${A}/workflow-runs/{id}/cancel`, 'Cancel a run', { request: 'empty' }),
  r('workflowRuns.stream', 'GET', `${A}/workflow-runs/{id}/stream`, 'Live progress (SSE)', {
    response: 'event-stream',
  }),
  // Repositories
  r('repos.list', 'GET', `${A}/repos`, 'Registered repositories'),
  r('repos.create', 'POST', `${A}/repos`, 'Register a repository'),
  r('repos.delete', 'DELETE', `${A}/repos/{id}`, 'Remove a repository', { response: 'empty' }),
  // Workspaces
  r('workspaces.list', 'GET', `${A}/workspaces`, 'Workspaces'),
  r('workspaces.create', 'POST', `${A}/workspaces`, 'Create a workspace'),
  r('workspaces.get', 'GET', `${A}/workspaces/{id}`, 'A workspace with status and last_error'),
  r('workspaces.rename', 'PATCH', `${A}/workspaces/{id}`, 'Rename a workspace'),
  r('workspaces.delete', 'DELETE', `${A}/workspaces/{id}`, 'Delete (the repository is kept)', { response: 'empty' }),
  r('workspaces.chats.list', 'GET', `${A}/workspaces/{id}/chats`, 'Chats, newest first'),
  r('workspaces.chats.create', 'POST', `${A}/workspaces/{id}/chats`, 'Start a chat'),
  r('workspaces.cicd.get', 'GET', `${A}/workspaces/{id}/cicd`, 'CI/CD status'),
  r('workspaces.cicd.deploy', 'POST', `${A}/workspaces/{id}/cicd/deploy`, 'Deploy the branch head now', {
    request: 'empty',
  }),
  r('workspaces.cicd.deployments', 'GET', `${A}/workspaces/{id}/cicd/deployments`, 'Deployment history'),
  r(
    'workspaces.cicd.latestLog',
    'GET',
    `${A}/workspaces/{id}/cicd/deployments/log`,
    'Build log of the latest deployment',
    { response: 'text' },
  ),
  r(
    'workspaces.cicd.deploymentLog',
    'GET',
    `${A}/workspaces/{id}/cicd/deployments/{deployment}/log`,
    'Build log of one deployment',
    { response: 'text' },
  ),
  r('workspaces.cicd.disable', 'POST', `${A}/workspaces/{id}/cicd/disable`, 'Disable push-triggered CI/CD', {
    request: 'empty',
  }),
  r('workspaces.cicd.enable', 'POST', `${A}/workspaces/{id}/cicd/enable`, 'Enable or retry CI/CD'),
  r(
    'workspaces.cicd.runtimeLog',
    'GET',
    `${A}/workspaces/{id}/cicd/runtime-log`,
    'Log of the running app (app, lines)',
    { response: 'text' },
  ),
  r('workspaces.storeCredentials', 'GET', `${A}/workspaces/{id}/store-credentials`, 'Store admin credentials', {
    sensitive: true,
  }),
  r('workspaces.cmsCredentials', 'GET', `${A}/workspaces/{id}/cms-credentials`, 'CMS admin credentials', {
    sensitive: true,
  }),
  r('workspaces.cmsCli', 'POST', `${A}/workspaces/{id}/cms-cli`, 'Run a CMS command'),
  // Webhook receiver (the spec's <git_host> is a path parameter)
  r('webhooks.receive', 'POST', `${A}/webhooks/{git_host}/apps/{appId}`, 'Receive a push webhook', {
    ...pub,
    request: 'text',
    response: 'empty',
  }),
  // Limits
  r('limits.get', 'GET', `${A}/limits`, 'Tenant resource limits', { permission: 'limits:read' }),
] as const satisfies readonly Route[];

/** One entry of the table, with its literal id, method and path. */
export type TableRoute = (typeof ROUTES)[number];
/** Every operation id of the table: a misspelt id does not compile. */
export type OperationId = TableRoute['id'];
/** The operations list.poll accepts: the reads (the agent refuses any other method at run time). */
export type ReadOperationId = Extract<TableRoute, { method: 'GET' }>['id'];

export const ROUTES_BY_ID: ReadonlyMap<string, Route> = new Map(ROUTES.map((x) => [x.id, x]));

export function findRoute(id: string): Route | undefined {
  return ROUTES_BY_ID.get(id);
}
