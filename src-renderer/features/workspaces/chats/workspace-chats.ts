/**
 * A workspace's chats: newest first, the newest page polled (a chat another client starts shows
 * up), older pages by cursor (`before=<seq>`) on request; start a chat in agent or team mode; and
 * whether a chat's ref_id names a workflow run this zone can show (then it opens in place).
 */
import { agent } from '../../../agent';
import { useResource, type ResourceView } from '../../../data';
import { defineRecordHistory, pageQuery } from '../../../composables/record-history';
import { defineRecordResource, type RecordRef } from '../../../composables/zone-records';
import { chatPage, toChatRow, type ChatRow } from '../shapes/chat-record';
import { toErrorData } from '../../../lib/errors';
import { recordOf } from '../../../lib/tolerant';
import { learnedNames } from '../../../state/learned-names';
import { MODE, PROMPT, runWorkflowOf } from '../shapes/chat';
import { shapedLike, worded } from '../../../shapes/words';
import { workspaceRecord, type WorkspaceRef } from '../workspaces';

export const CHAT_PAGE = 20;

const history = defineRecordHistory<ChatRow>({
  name: 'workspaces.chats.head',
  poll: 5_000,
  limit: CHAT_PAGE,
  page: async (w, before, limit) =>
    chatPage(
      await agent.call(w.zone, 'workspaces.chats.list', { params: { id: w.id }, query: pageQuery(before, limit) }),
      limit,
    ),
  row: (raw, i, ref) => toChatRow(raw, i, learnedNames(ref.zone)),
  key: (c) => c.key,
  same: (a, b) => a.status === b.status && a.refId === b.refId,
});

export const useChatHistory = history.useHistory;

/** Starts a chat; the entry as the zone answered. The newest page is read again so it shows on top. */
export async function startChat(w: WorkspaceRef, mode: 'agent' | 'team', prompt: string): Promise<ChatRow> {
  try {
    // mode is the spec's own word; the prompt's name is the zone's (its other chats show it); both
    // written as its chats are (a `spec`, JSON:API `attributes`).
    const chats = history.newestRecords(w);
    const p = shapedLike(
      worded(
        [
          [MODE, mode],
          [PROMPT, prompt],
        ],
        chats,
      ),
      chats,
      workspaceRecord(w),
    );
    const reply = recordOf(
      await agent.call(w.zone, 'workspaces.chats.create', {
        params: { id: w.id },
        body: p.values,
        words: { body: p.words },
      }),
    );
    return toChatRow(reply, 0, learnedNames(w.zone));
  } finally {
    history.changed(w);
  }
}

export interface RunLink {
  workflowId: string;
}

/** Whether the zone has a workflow run of this id (a team's id, or a run it does not list, is a 404: null). Read once. */
const runLinkResource = defineRecordResource<RunLink | null>({
  name: 'workspaces.chats.runLink',
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

export function useRunLink(ref: () => RecordRef | null): ResourceView<RunLink | null> {
  return useResource(runLinkResource, ref);
}
