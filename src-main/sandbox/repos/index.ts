/**
 * Repositories: list, register (validated through the source-hosting connector: 409 without a
 * connector, 422 for a repository the connected account does not have; idempotent on full_name,
 * 201 when new and 200 when already registered) and delete.
 */
import type { SandboxModule } from '../core/types';
import { body, conflict, list, noContent, ok, str, tenantOf, unprocessable } from '../kit/http';
import { sourceHost } from './source-host';

export const reposModule: SandboxModule = (world) => {
  const host = sourceHost(world);
  return {
    http: {
      'repos.list': (req) => list(host.registered.for(req).all()),
      'repos.create': (req) => {
        const fullName = str(body(req), 'full_name');
        const conn =
          host.connector(req.zone.id, tenantOf(req)) ??
          conflict('no_connector', 'connect a source-hosting account first');
        const hosted =
          conn.repos.get(fullName) ??
          unprocessable('repo_not_found', `${fullName} is not visible to the connected account`);
        const r = host.register(req.zone.id, tenantOf(req), hosted);
        return ok(r.repo, r.created ? 201 : 200);
      },
      'repos.delete': (req) => {
        host.registered.for(req).remove(req.params.id ?? '');
        return noContent();
      },
    },
  };
};
