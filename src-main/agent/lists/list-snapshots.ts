/**
 * The last copy of each long list a renderer polls, so a poll can answer with what changed
 * instead of every record. A 20,000-container list polled every 3 s was ~150 ms of the page's
 * main thread per poll (receiving the records, comparing them, collecting them afterwards) even
 * when nothing had changed; the platform API has no "changed since", so the agent compares here,
 * off the UI thread. Kept per renderer connection, a few lists each, dropped with the connection.
 */
import { randomUUID } from 'node:crypto';
import type { ListPollResult } from '../../contract/commands';
import { jsonEqual } from '../../contract/json-equal';
import { listOf, type Raw } from '../../contract/tolerant';

/** One reply of the zone to a list read: its bytes and what they decoded to. */
export interface ListReply {
  bytes: Buffer;
  data: unknown;
}

interface Snapshot extends ListReply {
  version: string;
  /** The records in the reply; the same bytes again need neither parsing nor comparing. */
  items: Raw[];
}

/** Lists remembered per connection (the oldest read is forgotten first). */
const PER_CONNECTION = 16;

export class ListSnapshots {
  private readonly byConn = new Map<string, Map<string, Snapshot>>();
  private seq = 0;
  private readonly prefix = randomUUID().slice(0, 8);

  /** The connection's last reply for list `key`, if any: pass it to the zone client as `known`. */
  last(connId: string, key: string): Readonly<Snapshot> | undefined {
    return this.byConn.get(connId)?.get(key);
  }

  /**
   * Remembers this reply as the connection's copy of list `key` and says what the caller needs:
   * only the changed positions when `since` names the copy it holds, else every record.
   */
  read(connId: string, key: string, reply: ListReply, since?: string): ListPollResult {
    let lists = this.byConn.get(connId);
    if (!lists) this.byConn.set(connId, (lists = new Map()));
    const prev = lists.get(key);
    lists.delete(key); // re-inserted below: the map's order is the order of use
    const version = `${this.prefix}.${++this.seq}`;
    // The zone client hands back the last bytes themselves when they came again (see readBoundedBytes).
    const unchanged = prev !== undefined && (prev.bytes === reply.bytes || prev.bytes.equals(reply.bytes));
    const next: Snapshot = unchanged
      ? { ...prev, version }
      : { bytes: reply.bytes, data: reply.data, items: listOf(reply.data), version };
    lists.set(key, next);
    const { items } = next;
    if (lists.size > PER_CONNECTION) lists.delete(lists.keys().next().value!);
    if (!prev || prev.version !== since) return { version, items };
    if (unchanged) return { version, since, length: items.length, changed: [] };
    const changed: [number, Raw][] = [];
    for (let i = 0; i < items.length; i++) {
      if (i >= prev.items.length || !jsonEqual(prev.items[i], items[i])) changed.push([i, items[i]!]);
    }
    // Reordered or mostly new: the whole list is as small and simpler to apply.
    if (changed.length > items.length / 2) return { version, items };
    return { version, since, length: items.length, changed };
  }

  drop(connId: string): void {
    this.byConn.delete(connId);
  }
}
