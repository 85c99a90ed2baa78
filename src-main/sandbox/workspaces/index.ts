/**
 * Workspaces: list, create, get (status settles lazily), rename, delete (the deploy-platform app
 * and webhook go; the repository stays registered), plus chats, CI/CD and the per-kind routes.
 */
import type { SandboxModule, SandboxRequest } from '../core/types';
import { iso } from '../kit/clock';
import { body, list, noContent, ok, str } from '../kit/http';
import { chatHandlers } from './chats';
import { cicdHandlers } from './cicd';
import { createHandler } from './create';
import { SEED_APPS, type Workspace } from './model';
import { credentialHandlers } from './credentials';
import { workspaceService } from './service';

export const workspacesModule: SandboxModule = (world) => {
  const svc = workspaceService(world);
  const get = (req: SandboxRequest): Workspace => svc.settle(svc.store.for(req).get(req.params.id ?? ''));

  return {
    http: {
      'workspaces.list': (req) =>
        list(
          svc.store
            .for(req)
            .all()
            .map((ws) => svc.view(ws)),
        ),
      'workspaces.create': createHandler(svc),
      'workspaces.get': (req) => ok(svc.view(get(req))),
      'workspaces.rename': (req) => {
        const ws = get(req);
        ws.name = str(body(req), 'name');
        ws.updated_at = iso(world);
        return ok(svc.view(ws));
      },
      'workspaces.delete': (req) => {
        const ws = svc.store.for(req).remove(req.params.id ?? '');
        // Seeded apps are shared by every tenant of the zone, so only the workspace's own app goes.
        const appId = ws.cicd.app_id;
        if (appId && !SEED_APPS.some((a) => a.id === appId)) svc.apps.delete(`${req.zone.id}\u0000${appId}`);
        return noContent();
      },
      ...chatHandlers(world, get),
      ...cicdHandlers(svc, get),
      ...credentialHandlers(get),
    },
  };
};
