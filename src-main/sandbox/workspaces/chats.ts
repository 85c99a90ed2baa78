/**
 * Workspace chats: newest first with the cursor `before=<seq>` (and `limit`, 1..100, default 20),
 * answering `next_before`; creation takes {mode: agent|team, prompt} and records an entry whose
 * kind is run (single agent) or team, with ref_id naming the started run or team.
 */
import type { Handler, SandboxRequest } from '../core/types';
import { iso } from '../kit/clock';
import { body, conflict, intQuery, oneOf, ok, str } from '../kit/http';
import type { World } from '../core/types';
import type { Chat, Workspace } from './model';

export function chatHandlers(world: World, get: (req: SandboxRequest) => Workspace): Record<string, Handler> {
  return {
    'workspaces.chats.list': (req) => {
      const ws = get(req);
      const limit = intQuery(req, 'limit', 1, 100, 20);
      const before = req.query.has('before') ? intQuery(req, 'before', 1, Number.MAX_SAFE_INTEGER, 0) : Infinity;
      const older = [...ws.chats].reverse().filter((c) => c.seq < before);
      const items = older.slice(0, limit);
      return ok({ items, next_before: older.length > limit ? (items.at(-1)?.seq ?? null) : null });
    },

    'workspaces.chats.create': (req) => {
      const ws = get(req);
      if (ws.status !== 'ready' && ws.status !== 'ci_error')
        conflict('workspace_not_ready', `workspace is ${ws.status}`);
      const b = body(req);
      const mode = oneOf(b.mode, ['agent', 'team'] as const, 'mode');
      const chat: Chat = {
        seq: (ws.chats.at(-1)?.seq ?? 0) + 1,
        kind: mode === 'agent' ? 'run' : 'team',
        mode,
        ref_id: world.uuid(),
        prompt: str(b, 'prompt'),
        status: 'started',
        created_at: iso(world),
      };
      ws.chats.push(chat);
      return ok(chat, 201);
    },
  };
}
