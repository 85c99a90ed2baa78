/**
 * Kubernetes: installable versions, cluster CRUD (create {name, version?, workers?}; PUT renames or
 * scales workers), nodes, rolling upgrade {version} (400 unknown version, 409 downgrade / same
 * version / not running) and the admin kubeconfig download (application/yaml attachment).
 */
import { randomBytes } from 'node:crypto';
import type { SandboxModule } from '../core/types';
import { iso, startNow } from '../kit/clock';
import { ScopedCollections } from '../kit/collection';
import { crudHandlers } from '../kit/crud';
import { badRequest, body, conflict, download, int, list, ok, oneOf, optStr, type Body } from '../kit/http';
import { fakeCaPem, kubeconfig } from './kubeconfig';
import {
  clusterView,
  compareVersions,
  DEFAULT_VERSION,
  nodesView,
  refresh,
  startUpgrade,
  VERSIONS,
  type Cluster,
} from './model';

const NAME = /^[a-z0-9]([a-z0-9-]{0,38}[a-z0-9])?$/;

function clusterName(b: Body): string {
  const name = b.name;
  if (typeof name !== 'string' || !NAME.test(name))
    badRequest('name must be 1-40 lowercase letters, digits or dashes', { field: 'name' });
  return name;
}

export const kubernetesModule: SandboxModule = (world) => {
  const make = (name: string, version: string, workers: number, running: boolean): Cluster => ({
    id: world.uuid(),
    name,
    version,
    workers,
    status: running ? 'running' : 'provisioning',
    created_at: iso(world),
    token: randomBytes(24).toString('base64url'),
    ca_pem: fakeCaPem(),
    started: startNow(world),
    upgrade: null,
  });
  const store = new ScopedCollections<Cluster>(world, 'cluster', (c) => {
    c.add(make('demo', '1.30.4', 3, true));
    for (let i = 0; i < Math.floor(world.scale / 20); i++) c.add(make(`scale-${i + 1}`, DEFAULT_VERSION, 2, true));
  });
  const cluster = (req: Parameters<typeof store.for>[0]) => refresh(world, store.for(req).get(req.params.id ?? ''));

  return {
    http: {
      'kubernetes.versions': () => list(VERSIONS.map((v) => ({ version: v, default: v === DEFAULT_VERSION }))),
      ...crudHandlers<Cluster>({
        area: 'kubernetes',
        store,
        view: (c) => clusterView(world, c),
        create: (b) =>
          make(
            clusterName(b),
            oneOf(b.version ?? DEFAULT_VERSION, VERSIONS, 'version'),
            int(b, 'workers', 1, 50, 2),
            false,
          ),
        update: (c, b) => {
          refresh(world, c);
          if (b.name !== undefined) c.name = clusterName(b);
          if (b.workers !== undefined) {
            if (c.status !== 'running') conflict('cluster_busy', `cluster is ${c.status}`, { status: c.status });
            c.workers = int(b, 'workers', 1, 50);
          }
        },
      }),
      'kubernetes.nodes': (req) => list(nodesView(world, cluster(req))),
      'kubernetes.upgrade': (req) => {
        const c = cluster(req);
        const to = optStr(body(req), 'version');
        if (!to || !(VERSIONS as readonly string[]).includes(to))
          badRequest(`version must be one of ${VERSIONS.join(', ')}`, { field: 'version' });
        if (c.status !== 'running') conflict('cluster_busy', `cluster is ${c.status}`, { status: c.status });
        const cmp = compareVersions(to, c.version);
        if (cmp < 0) conflict('downgrade_not_allowed', `cannot downgrade from ${c.version} to ${to}`);
        if (cmp === 0) conflict('already_at_version', `cluster already runs ${to}`);
        startUpgrade(world, c, to);
        return ok(clusterView(world, c), 202);
      },
      'kubernetes.kubeconfig': (req) => {
        const c = cluster(req);
        if (c.status === 'provisioning') conflict('cluster_not_ready', 'the cluster is still provisioning');
        return download(kubeconfig(req.zone, c), `${c.name}-kubeconfig.yaml`, 'application/yaml');
      },
    },
  };
};
