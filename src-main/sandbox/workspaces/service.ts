/**
 * Workspace behaviour shared by the workspaces routes and the webhook receiver: seeding, lazy
 * status settling (creating -> ready | ci_error | failed after ~2 s of clock or ~300 ms real),
 * deployments, the CI/CD status view and the registry of webhook apps. One instance per world.
 */
import { randomBytes } from 'node:crypto';
import type { SandboxZone, World } from '../core/types';
import { iso, startNow, stepsSince } from '../kit/clock';
import { ScopedCollections, type Collection, type Scope } from '../kit/collection';
import { sha, sourceHost, type SourceHost } from '../repos/source-host';
import { SEED_APPS, type AppName, type Deployment, type Template, type WebhookApp, type Workspace } from './model';

export interface NewWorkspace {
  name: string;
  template: Template;
  repo: { id: string; full_name: string };
  deployServerId: string | null;
  outcome: Workspace['outcome'];
  appId?: string;
}

export class WorkspaceService {
  readonly store: ScopedCollections<Workspace>;
  readonly apps = new Map<string, WebhookApp>();
  readonly host: SourceHost;

  constructor(private readonly world: World) {
    this.host = sourceHost(world);
    this.store = new ScopedCollections<Workspace>(world, 'workspace', (c) => this.seed(c));
    this.seedApps();
    world.onReset(() => this.seedApps());
  }

  create(scope: Scope, n: NewWorkspace): Workspace {
    const now = iso(this.world);
    const ws: Workspace = {
      id: this.world.uuid(),
      name: n.name,
      template: n.template,
      repo_full_name: n.repo.full_name,
      repo_id: n.repo.id,
      status: 'creating',
      last_error: null,
      created_at: now,
      updated_at: now,
      cicd: {
        enabled: false,
        deploy_server_id: null,
        app_id: null,
        tracked_branch: 'main',
        last_seen_sha: null,
        last_deployed_sha: null,
      },
      deployments: [],
      chats: [],
      outcome: n.outcome,
      started: startNow(this.world),
      admin_password: randomBytes(12).toString('base64url'),
      publishable_key: `pk_sandbox_${randomBytes(16).toString('hex')}`,
    };
    if (n.deployServerId && n.outcome.status === 'ready') this.bindCicd(scope.zoneId, ws, n.deployServerId, n.appId);
    return this.store.of(scope.zoneId, scope.tenantId).add(ws);
  }

  /** Turn CI/CD on: bind the deploy server and give the workspace a webhook app. */
  bindCicd(zoneId: string, ws: Workspace, deployServerId: string, appId?: string): void {
    ws.cicd.enabled = true;
    ws.cicd.deploy_server_id = deployServerId;
    if (!ws.cicd.app_id) {
      const app = {
        id: appId ?? `app-${this.world.uuid().slice(0, 8)}`,
        secret: randomBytes(20).toString('hex'),
        zoneId,
      };
      if (!this.apps.has(`${zoneId}\u0000${app.id}`)) this.apps.set(`${zoneId}\u0000${app.id}`, app);
      ws.cicd.app_id = app.id;
    }
  }

  /** Settle `creating` once enough time has passed; every read goes through here. */
  settle(ws: Workspace): Workspace {
    if (ws.status === 'creating' && stepsSince(this.world, ws.started, 2, 300) >= 1) {
      ws.status = ws.outcome.status;
      ws.last_error = ws.outcome.last_error;
      if (ws.status === 'ready' && ws.cicd.enabled) this.deploy(ws, 'initial');
    }
    return ws;
  }

  deploy(ws: Workspace, trigger: Deployment['trigger'], commit?: string): void {
    const head = commit ?? sha(`${ws.repo_full_name}@${ws.deployments.length}`);
    const apps: AppName[] = ws.template === 'store' ? ['backend', 'storefront'] : ['storefront'];
    const now = iso(this.world);
    for (const app of apps) {
      const log = [
        `[${now}] ${trigger} deploy of ${head.slice(0, 7)} (${app})`,
        'Cloning repository',
        'Building image',
        'Starting container',
        'Health check passed',
      ];
      ws.deployments.unshift({
        uuid: this.world.uuid(),
        status: 'succeeded',
        commit: head,
        app,
        trigger,
        started_at: now,
        finished_at: now,
        log,
      });
    }
    ws.cicd.last_seen_sha = head;
    ws.cicd.last_deployed_sha = head;
  }

  cicdView(zone: SandboxZone, ws: Workspace): Record<string, unknown> {
    const sha = ws.cicd.last_deployed_sha;
    const slug = `${ws.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${ws.id.slice(0, 6)}`;
    return {
      enabled: ws.cicd.enabled,
      tracked_branch: ws.cicd.tracked_branch,
      last_seen_sha: ws.cicd.last_seen_sha,
      last_deployed_sha: sha,
      app_status: sha ? `running (${sha.slice(0, 7)})` : 'not deployed',
      live_url: sha ? `https://${slug}.apps.${zone.host}` : null,
      deploy_server_id: ws.cicd.deploy_server_id,
      app_id: ws.cicd.app_id,
      workspace_status: ws.status,
    };
  }

  view(ws: Workspace): Record<string, unknown> {
    this.settle(ws);
    const { id, name, template, repo_full_name, repo_id, status, last_error, created_at, updated_at } = ws;
    return {
      id,
      name,
      template,
      repo_full_name,
      repo_id,
      status,
      last_error,
      created_at,
      updated_at,
      cicd_enabled: ws.cicd.enabled,
    };
  }

  /** Workspaces of every tenant in the zone whose CI/CD listens on this app and branch ref. */
  tracking(zoneId: string, appId: string, ref: string): Workspace[] {
    return this.store
      .inZone(zoneId)
      .flatMap((c) => c.all())
      .map((ws) => this.settle(ws))
      .filter(
        (ws) =>
          ws.cicd.app_id === appId &&
          ws.cicd.enabled &&
          ws.status === 'ready' &&
          ref === `refs/heads/${ws.cicd.tracked_branch}`,
      );
  }

  private seedApps(): void {
    this.apps.clear();
    for (const z of this.world.zones)
      for (const a of SEED_APPS) this.apps.set(`${z.id}\u0000${a.id}`, { id: a.id, secret: a.secret, zoneId: z.id });
  }

  private seed(c: Collection<Workspace>): void {
    const { zoneId, tenantId } = c.scope;
    const seeds = [
      { name: 'shop', repo: 'acme/storefront', app: SEED_APPS[0]! },
      { name: 'company-site', repo: 'acme/company-site', app: SEED_APPS[1]! },
    ];
    for (const s of seeds) {
      const hosted =
        this.host.connectors.of(zoneId, tenantId).get('default').repos.get(s.repo) ?? this.host.hosted(s.repo);
      const repo = this.host.register(zoneId, tenantId, hosted).repo;
      const outcome = { status: 'ready' as const, last_error: null };
      const ws = this.create(c.scope, {
        name: s.name,
        template: s.app.template,
        repo,
        deployServerId: 'ds-main',
        outcome,
        appId: s.app.id,
      });
      ws.status = 'ready';
      this.deploy(ws, 'initial');
    }
  }
}

const services = new WeakMap<World, WorkspaceService>();

export function workspaceService(world: World): WorkspaceService {
  let s = services.get(world);
  if (!s) {
    s = new WorkspaceService(world);
    services.set(world, s);
  }
  return s;
}
