/**
 * The tenant's source-hosting connector (think: a connected Git hosting account). Repositories are
 * registered and workspaces created only through it. Each tenant in each zone starts connected to
 * the account "acme" holding a few repositories; tests (or a demo) can disconnect a tenant with
 * setConnected(), and ZONEDECK_SANDBOX_NO_CONNECTOR=1 starts every tenant without a connector.
 * State is kept per world so two sandboxes in one process never share it.
 */
import { createHash } from 'node:crypto';
import type { World } from '../core/types';
import { ScopedCollections } from '../kit/collection';

export interface HostedRepo {
  id: string;
  full_name: string;
  default_branch: string;
  head_sha: string;
  private: boolean;
}

export interface Connector {
  id: string;
  connected: boolean;
  provider: 'github';
  account: string;
  repos: Map<string, HostedRepo>;
}

export interface RegisteredRepo {
  id: string;
  full_name: string;
  default_branch: string;
  private: boolean;
  connector_id: string;
  registered_at: string;
}

export const CONNECTOR_ACCOUNT = 'acme';
export const SEED_HOSTED_REPOS = ['acme/storefront', 'acme/shop-backend', 'acme/blog', 'acme/company-site', 'acme/api'];

/** A fake but stable 40-hex commit id. */
export function sha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}

export class SourceHost {
  readonly connectors: ScopedCollections<Connector & { id: string }>;
  readonly registered: ScopedCollections<RegisteredRepo>;

  constructor(private readonly world: World) {
    this.connectors = new ScopedCollections(world, 'connector', (c) => {
      const connected = process.env.ZONEDECK_SANDBOX_NO_CONNECTOR !== '1';
      const repos = new Map(SEED_HOSTED_REPOS.map((n) => [n, this.hosted(n)]));
      c.add({ id: 'default', connected, provider: 'github', account: CONNECTOR_ACCOUNT, repos });
    });
    this.registered = new ScopedCollections(world, 'repository', (c) => {
      const r = this.connector(c.scope.zoneId, c.scope.tenantId)?.repos.get('acme/storefront');
      if (r) c.add(this.registration(r));
    });
  }

  /** The tenant's connector, or undefined when the tenant has none. */
  connector(zoneId: string, tenantId: string): Connector | undefined {
    const c = this.connectors.of(zoneId, tenantId).find('default');
    return c?.connected ? c : undefined;
  }

  setConnected(zoneId: string, tenantId: string, connected: boolean): void {
    this.connectors.of(zoneId, tenantId).get('default').connected = connected;
  }

  hosted(fullName: string): HostedRepo {
    return {
      id: this.world.uuid(),
      full_name: fullName,
      default_branch: 'main',
      head_sha: sha(`${fullName}@0`),
      private: true,
    };
  }

  registration(r: HostedRepo): RegisteredRepo {
    return {
      id: r.id,
      full_name: r.full_name,
      default_branch: r.default_branch,
      private: r.private,
      connector_id: 'default',
      registered_at: new Date(this.world.clock.now()).toISOString(),
    };
  }

  /** Register idempotently: the same full_name always yields the same record. */
  register(zoneId: string, tenantId: string, r: HostedRepo): { repo: RegisteredRepo; created: boolean } {
    const c = this.registered.of(zoneId, tenantId);
    const existing = c.all().find((x) => x.full_name === r.full_name);
    if (existing) return { repo: existing, created: false };
    return { repo: c.add(this.registration(r)), created: true };
  }
}

const hosts = new WeakMap<World, SourceHost>();

export function sourceHost(world: World): SourceHost {
  let h = hosts.get(world);
  if (!h) {
    h = new SourceHost(world);
    hosts.set(world, h);
  }
  return h;
}
