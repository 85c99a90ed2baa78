/**
 * In-memory collections scoped per zone and per tenant, seeded lazily the first time a tenant
 * touches an area (tenant ids come from sign-in, which this layer cannot know ahead of time) and
 * cleared on POST /_sandbox/reset so the next touch re-seeds.
 */
import type { SandboxRequest, World } from '../core/types';
import { notFound, tenantOf } from './http';

export interface Scope {
  zoneId: string;
  tenantId: string;
}

export class Collection<T extends { id: string }> {
  readonly items = new Map<string, T>();

  constructor(
    readonly what: string,
    readonly scope: Scope,
  ) {}

  all(): T[] {
    return [...this.items.values()];
  }

  find(id: string): T | undefined {
    return this.items.get(id);
  }

  /** The item or a 404 naming the kind of resource. */
  get(id: string): T {
    return this.items.get(id) ?? notFound(this.what, id);
  }

  add(item: T): T {
    this.items.set(item.id, item);
    return item;
  }

  remove(id: string): T {
    const item = this.get(id);
    this.items.delete(id);
    return item;
  }
}

export class ScopedCollections<T extends { id: string }> {
  private readonly byScope = new Map<string, Collection<T>>();

  constructor(
    world: World,
    private readonly what: string,
    private readonly seed: (c: Collection<T>) => void = () => {},
  ) {
    world.onReset(() => this.byScope.clear());
  }

  of(zoneId: string, tenantId: string): Collection<T> {
    const key = `${zoneId}\u0000${tenantId}`;
    let c = this.byScope.get(key);
    if (!c) {
      c = new Collection<T>(this.what, { zoneId, tenantId });
      this.byScope.set(key, c);
      this.seed(c);
    }
    return c;
  }

  for(req: SandboxRequest): Collection<T> {
    return this.of(req.zone.id, tenantOf(req));
  }

  /** Every collection seeded so far in a zone (public routes that are not tenant-bound look here). */
  inZone(zoneId: string): Collection<T>[] {
    return [...this.byScope.values()].filter((c) => c.scope.zoneId === zoneId);
  }
}
