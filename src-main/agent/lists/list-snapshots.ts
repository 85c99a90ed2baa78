/**
 * The last copy of each long list a renderer polls, so a poll can answer with what changed
 * instead of every record. A 20,000-container list polled every 3 s was ~150 ms of the page's
 * main thread per poll (receiving the records, comparing them, collecting them afterwards) even
 * when nothing had changed; the platform API has no "changed since", so the agent compares here,
 * off the UI thread. Kept per renderer connection, a few lists each, dropped with the connection.
 *
 * A copy is the reply's bytes (the zone client compares the next reply with them as it arrives)
 * and a 16-byte mark per record, not the records: 20,000 parsed containers held ~24 MiB only to be
 * compared, their marks hold 320 KB. The bytes are parsed again only when the whole list must be
 * sent again unchanged (a screen opened anew). A copy no screen has read for UNREAD_MS (a list
 * shown before, now off screen: it polls every 30 s at most) is forgotten; read again, it is sent whole.
 */
import { hash, randomUUID } from 'node:crypto';
import type { ListPollResult } from '../../contract/commands';
import { listOf, type Raw } from '../../contract/tolerant';
import { parseJsonReply, utf8 } from '../http/reply-bounds';

/** One reply of the zone to a list read: its bytes and what they decoded to. */
export interface ListReply {
  bytes: Buffer;
  data: unknown;
}

interface Snapshot {
  version: string;
  /** The last reply as received, handed to the zone client (`last`) with no decoded value beside it. */
  known: ListReply;
  /** MARK bytes per record: a hash of its JSON, to tell which records changed without keeping them; none past MOST_MARKED. */
  marks: Buffer | undefined;
  length: number;
  /** When it was last read (ms). */
  at: number;
}

/**
 * Lists remembered per connection (the oldest read is forgotten first): All zones › Containers
 * over twenty zones polls twenty copies at once, and a copy evicted between two polls makes each
 * poll send its whole list again (issue #28). Their bytes are bounded too (HELD_BYTES).
 */
export const PER_CONNECTION = 64;
/** The most reply bytes one connection's copies hold (oldest forgotten first); one copy may be larger. */
const HELD_BYTES = 192 * 1024 * 1024;
const MARK = 16;
/** Three times the longest poll interval (renderer lib/list-poll-every): a watched list is read well within it. */
const UNREAD_MS = 90_000;

/**
 * Past this many records a copy keeps no marks and a changed poll sends the whole list: a zone's
 * reply of millions of tiny records (`[{},{},…]` fits 20 million under the 64 MiB cap) must not
 * hold the agent's thread for seconds of hashing (~2 µs a record). Real long lists are 100,000s.
 */
export const MOST_MARKED = 250_000;

/** The records' marks: the first MARK bytes of each one's SHA-256 (a changed record goes unseen only on a collision). */
function marksOf(items: readonly Raw[]): Buffer | undefined {
  if (items.length > MOST_MARKED) return undefined;
  const marks = Buffer.allocUnsafe(items.length * MARK);
  for (let i = 0; i < items.length; i++)
    hash('sha256', JSON.stringify(items[i]), 'buffer').copy(marks, i * MARK, 0, MARK);
  return marks;
}

/** The records of kept reply bytes, decoded as the zone client decoded them the first time. */
function itemsOf(bytes: Buffer): Raw[] {
  return bytes.length === 0 ? [] : listOf(parseJsonReply(utf8(bytes), 200));
}

export class ListSnapshots {
  private readonly byConn = new Map<string, Map<string, Snapshot>>();
  private seq = 0;
  private readonly prefix = randomUUID().slice(0, 8);

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The connection's last reply for list `key`, if any: pass it to the zone client as `known`. Its
   * `data` is not kept (null): the same bytes again are answered from the marks, never from it.
   */
  last(connId: string, key: string): Readonly<ListReply> | undefined {
    return this.byConn.get(connId)?.get(key)?.known;
  }

  /**
   * Remembers this reply as the connection's copy of list `key` and says what the caller needs:
   * only the changed positions when `since` names the copy it holds, else every record.
   */
  read(connId: string, key: string, reply: ListReply, since?: string): ListPollResult {
    const at = this.now();
    this.forgetUnread(at);
    let lists = this.byConn.get(connId);
    if (!lists) this.byConn.set(connId, (lists = new Map()));
    const prev = lists.get(key);
    lists.delete(key); // re-inserted below: the map's order is the order of use
    const version = `${this.prefix}.${++this.seq}`;
    // The zone client hands back the last bytes themselves when they came again (see readBoundedBytes).
    const unchanged = prev !== undefined && (prev.known.bytes === reply.bytes || prev.known.bytes.equals(reply.bytes));
    const fresh = unchanged ? undefined : listOf(reply.data);
    const next: Snapshot = fresh
      ? { version, known: { bytes: reply.bytes, data: null }, marks: marksOf(fresh), length: fresh.length, at }
      : { ...prev!, version, at };
    lists.set(key, next);
    this.bound(lists);
    const held = prev !== undefined && prev.version === since;
    if (!fresh)
      return held
        ? { version, since, length: next.length, changed: [] }
        : { version, items: itemsOf(next.known.bytes) };
    if (!held || !prev.marks || !next.marks) return { version, items: fresh };
    const changed: [number, Raw][] = [];
    for (let i = 0; i < fresh.length; i++) {
      const at = i * MARK;
      if (i >= prev.length || next.marks.compare(prev.marks, at, at + MARK, at, at + MARK) !== 0)
        changed.push([i, fresh[i]!]);
    }
    // Reordered or mostly new: the whole list is as small and simpler to apply.
    if (changed.length > fresh.length / 2) return { version, items: fresh };
    return { version, since, length: fresh.length, changed };
  }

  /** Forgets the least recently read copies past PER_CONNECTION or HELD_BYTES (never the newest). */
  private bound(lists: Map<string, Snapshot>): void {
    let held = 0;
    for (const snap of lists.values()) held += snap.known.bytes.length;
    for (const [key, snap] of lists) {
      if (lists.size <= 1 || (lists.size <= PER_CONNECTION && held <= HELD_BYTES)) break;
      lists.delete(key);
      held -= snap.known.bytes.length;
    }
  }

  /** Drops copies unread for UNREAD_MS (each connection's map runs from the least recently read). */
  private forgetUnread(now: number): void {
    for (const [connId, lists] of this.byConn) {
      for (const [key, snap] of lists) {
        if (now - snap.at <= UNREAD_MS) break;
        lists.delete(key);
      }
      if (lists.size === 0) this.byConn.delete(connId);
    }
  }

  drop(connId: string): void {
    this.byConn.delete(connId);
  }
}
