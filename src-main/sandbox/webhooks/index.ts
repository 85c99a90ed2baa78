/**
 * The public push-webhook receiver, POST /api/v1/webhooks/{git_host}/apps/{appId}. Unknown app:
 * 404. Bad or missing signature: 401. A verified non-push event, or a push to a ref no workspace
 * tracks: 204, ignored. A push to a tracked ref: 202, and every workspace bound to that app and
 * branch deploys the pushed commit (`after`). The body stays the sender's raw bytes throughout.
 */
import type { SandboxModule } from '../core/types';
import { HttpError } from '../core/types';
import { badRequest, notFound } from '../kit/http';
import { workspaceService } from '../workspaces/service';
import { verify } from './signature';

interface PushPayload {
  ref?: unknown;
  after?: unknown;
}

function parsePush(raw: Buffer): PushPayload {
  try {
    const v: unknown = JSON.parse(raw.toString('utf8'));
    if (v && typeof v === 'object') return v as PushPayload;
  } catch {
    // fall through: a push must carry a JSON payload
  }
  return badRequest('push payload must be a JSON object');
}

export const webhooksModule: SandboxModule = (world) => {
  const svc = workspaceService(world);
  return {
    http: {
      'webhooks.receive': (req) => {
        const appId = req.params.appId ?? '';
        const app = svc.apps.get(`${req.zone.id}\u0000${appId}`) ?? notFound('app', appId);
        if (!verify(app.secret, req.rawBody, req.headers['x-hub-signature-256'])) {
          throw new HttpError(401, 'invalid_signature', 'X-Hub-Signature-256 does not match the payload');
        }
        const event = req.headers['x-github-event'];
        if ((Array.isArray(event) ? event[0] : event) !== 'push') return { status: 204, empty: true };
        const push = parsePush(req.rawBody);
        const ref = typeof push.ref === 'string' ? push.ref : '';
        const commit =
          typeof push.after === 'string' && /^[0-9a-f]{40}$/i.test(push.after) ? push.after.toLowerCase() : undefined;
        const targets = svc.tracking(req.zone.id, appId, ref);
        if (targets.length === 0) return { status: 204, empty: true };
        for (const ws of targets) svc.deploy(ws, 'push', commit);
        return { status: 202, empty: true };
      },
    },
  };
};
