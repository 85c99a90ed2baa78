/**
 * A workspace's chats: newest first, the newest page polled (a chat another client starts shows
 * up), older pages by cursor (`before=<seq>`) on request; start a chat in agent or team mode; and
 * whether a chat's ref_id names a workflow run this zone can show (then it opens in place).
 */
import { agent } from '../../../agent';
import {
  defineResource,
  resources,
  usePagedHistory,
  useResource,
  type PagedHistory,
  type ResourceView,
} from '../../../data';
import { CursorPager } from '../../../lib/cursor-pager';
import { chatPage, toChatRow, type ChatRow } from '../shapes/chat-record';
import { toErrorData } from '../../../lib/errors';
import { listOf, recordOf } from '../../../lib/tolerant';
import { PROMPT, runWorkflowOf } from '../shapes/chat';
import { worded } from '../../../shapes/words';
import type { WorkspaceRef } from '../workspaces';

export const CHAT_PAGE = 20;

const fetchPage = (w: WorkspaceRef) => async (before: string | undefined, limit: number) =>
  chatPage(
    await agent.call(w.zone, 'workspaces.chats.list', {
      params: { id: w.id },
      query: before ? { before, limit } : { limit },
    }),
    limit,
  );

const headResource = defineResource<unknown, WorkspaceRef>({
  name: 'workspaces.chats.head',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  poll: 5_000,
  fetch: (w) => fetchPage(w)(undefined, CHAT_PAGE),
});

export type ChatHistory = PagedHistory<ChatRow>;

const sameChat = (a: ChatRow, b: ChatRow) => a.status === b.status && a.refId === b.refId;

export function useChatHistory(ref: () => WorkspaceRef | null): ChatHistory {
  return usePagedHistory(
    ref,
    headResource,
    (w) => new CursorPager(fetchPage(w), toChatRow, (c) => c.key, CHAT_PAGE, sameChat),
  );
}

/** Starts a chat; the entry as the zone answered. The newest page is read again so it shows on top. */
export async function startChat(w: WorkspaceRef, mode: 'agent' | 'team', prompt: string): Promise<ChatRow> {
  try {
    // mode is the spec's own word; the prompt's name is the zone's (its other chats show it).
    const like = listOf(resources.state(headResource, w).data).slice(0, 5);
    const p = worded([[PROMPT, prompt]], like);
    const reply = recordOf(
      await agent.call(w.zone, 'workspaces.chats.create', {
        params: { id: w.id },
        body: { mode, ...p.values },
        words: { body: p.words },
      }),
    );
    return toChatRow(reply, 0);
  } finally {
    resources.invalidate({ zone: w.zone, name: headResource.name, parts: [w.id] });
  }
}

export interface RunLink {
  workflowId: string;
}

/** Whether the zone has a workflow run of this id (a team's id, or a run it does not list, is a 404: null). Read once. */
const runLinkResource = defineResource<RunLink | null, { zone: string; id: string }>({
  name: 'workspaces.chats.runLink',
  zone: (r) => r.zone,
  parts: (r) => [r.id],
  fetch: async (r, { signal }) => {
    try {
      return {
        workflowId: runWorkflowOf(await agent.call(r.zone, 'workflowRuns.get', { signal, params: { id: r.id } })),
      };
    } catch (e) {
      const s = toErrorData(e).status;
      if (s === 404 || s === 400) return null;
      throw e;
    }
  },
});

export function useRunLink(ref: () => { zone: string; id: string } | null): ResourceView<RunLink | null> {
  return useResource(runLinkResource, ref);
}
