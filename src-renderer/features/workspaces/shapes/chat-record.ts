/**
 * Workspace chats read tolerantly. The spec fixes kind (run or team), ref_id and mode; the entry's
 * sequence (the `before` cursor), prompt, status and time are looked for under likely names. A
 * page may come as `{items, next_before}` or a bare array: `chatPage` gives the pager a cursor
 * either way (the last entry's seq when a bare page came back full).
 */
import { idOf, isRecord, listOf, pick, timeOf, type Raw } from '../../../lib/tolerant';
import { chatPromptOf, PROMPT } from './chat';
import { recordView } from '../../../shapes/record-view';

export interface ChatRow {
  key: string;
  /** The entry's sequence number: the cursor for older pages. */
  seq: string | undefined;
  /** run (a single agent) or team; another word kept as sent. */
  kind: string | undefined;
  mode: string | undefined;
  prompt: string;
  status: string | undefined;
  /** The started run's or team's id. */
  refId: string | undefined;
  createdAt: Date | undefined;
  raw: Raw;
}

/** Where a zone may say its cursor (top level or one envelope down): then the pager reads it as sent. */
const CURSOR_KEYS = ['next_before', 'nextBefore', 'next_cursor', 'nextCursor', 'next', 'cursor'];
const seqOf = (raw: Raw) => pick(raw, 'seq', 'sequence', 'number', 'index');

/** `learned`: the names the zone taught, by role (a prompt it asked for under `nvn8lp` is read there). */
export function toChatRow(raw: Raw, index: number, learned?: Readonly<Record<string, string>>): ChatRow {
  // Its fields wherever the style nests them (`attributes`, a `spec`): the top's `kind`/`type` is
  // then the style's resource kind, the nested record's own the chat's.
  const v = recordView(raw);
  const seq = seqOf(v);
  const refId = pick(v, 'ref_id', 'refId', 'run_id', 'team_id', 'ref');
  return {
    key: seq ?? idOf(raw) ?? idOf(v) ?? refId ?? `#${index}`,
    seq,
    kind: pick(v, 'kind', 'type')?.toLowerCase(),
    mode: pick(v, 'mode')?.toLowerCase(),
    prompt: chatPromptOf(v, learned?.[PROMPT.role]) ?? '',
    status: pick(v, 'status', 'state'),
    refId,
    createdAt: timeOf(v, 'created_at', 'createdAt', 'started_at', 'created', 'creationTimestamp'),
    raw,
  };
}

/** Words for the kind: a single-agent run or an agent team. */
export function kindWords(kind: string | undefined): string {
  if (kind === 'run') return 'Agent run';
  if (kind === 'team') return 'Agent team';
  return kind ?? 'Chat';
}

/**
 * A reply put in the shape the cursor pager reads (`{items, next_before}`): a zone that names its
 * cursor keeps it; a bare array (or an envelope without one) that came back full pages on from
 * its last entry's seq, and one that came back short is the last page.
 */
export function chatPage(reply: unknown, limit: number): unknown {
  if (isRecord(reply) && ['pagination', 'paging', 'meta', 'links'].some((k) => isRecord(reply[k]))) return reply;
  if (isRecord(reply) && CURSOR_KEYS.some((k) => k in reply)) return reply;
  const items = listOf(reply);
  const last = items.at(-1);
  const next = items.length >= limit && last ? (seqOf(last) ?? null) : null;
  return { items, next_before: next };
}
