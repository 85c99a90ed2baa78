/**
 * The five plain-collection handlers (list, create, get, update, delete) for areas whose payloads
 * the spec leaves open. Each area supplies only how to build, change and show one item.
 */
import type { Handler, SandboxRequest } from '../core/types';
import type { ScopedCollections } from './collection';
import { body, list, noContent, ok, type Body } from './http';

export interface CrudSpec<T extends { id: string }> {
  /** Route id prefix, e.g. "skills" for skills.list … skills.delete. */
  area: string;
  store: ScopedCollections<T>;
  create(b: Body, req: SandboxRequest): T;
  update(item: T, b: Body, req: SandboxRequest): void;
  /** The JSON shape of one item (defaults to the item itself). */
  view?(item: T, req: SandboxRequest): unknown;
  /** Refuse a delete (throw an HttpError) or clean up related state. */
  beforeDelete?(item: T, req: SandboxRequest): void;
}

export function crudHandlers<T extends { id: string }>(spec: CrudSpec<T>): Record<string, Handler> {
  const view = (item: T, req: SandboxRequest) => (spec.view ? spec.view(item, req) : item);
  return {
    [`${spec.area}.list`]: (req) =>
      list(
        spec.store
          .for(req)
          .all()
          .map((i) => view(i, req)),
      ),
    [`${spec.area}.create`]: (req) => ok(view(spec.store.for(req).add(spec.create(body(req), req)), req), 201),
    [`${spec.area}.get`]: (req) => ok(view(spec.store.for(req).get(req.params.id ?? ''), req)),
    [`${spec.area}.update`]: (req) => {
      const item = spec.store.for(req).get(req.params.id ?? '');
      spec.update(item, body(req), req);
      return ok(view(item, req));
    },
    [`${spec.area}.delete`]: (req) => {
      const c = spec.store.for(req);
      const item = c.get(req.params.id ?? '');
      spec.beforeDelete?.(item, req);
      c.remove(item.id);
      return noContent();
    },
  };
}
