/**
 * An entry of a container's or microVM's activity feed (the reconciler's event log): the spec
 * says the feed exists and leaves its entries "not shown", so each fact is read under its usual
 * names; an entry with none of them still shows, as "event".
 */
import { isRecord, pick, timeOf } from '@contract/tolerant';

export interface ActivityEntry {
  key: string;
  at: Date | undefined;
  type: string;
  message: string;
}

export function toActivityEntry(e: unknown, index: number): ActivityEntry {
  const r = isRecord(e) ? e : {};
  return {
    key: pick(r, 'id', 'uuid', 'event_id', 'seq') ?? String(index),
    at: timeOf(r, 'at', 'time', 'timestamp', 'created_at', 'occurred_at'),
    type: pick(r, 'type', 'kind', 'event', 'reason') ?? 'event',
    message: pick(r, 'message', 'msg', 'text', 'detail', 'description') ?? '',
  };
}

/** The feed newest first. */
export function activityOf(entries: readonly unknown[]): ActivityEntry[] {
  return entries.map(toActivityEntry).sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0));
}
