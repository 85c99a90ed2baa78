/**
 * Streams between zones and renderers. Opening returns an id; everything after travels as
 * messages tagged with it. The hub counts bytes the renderer has not acknowledged yet, so a
 * source can pause its zone connection instead of piling data up in memory.
 */
import { randomUUID } from 'node:crypto';
import type { AgentErrorData } from '../../contract/errors';
import { STREAM_HIGH_WATER, STREAM_LOW_WATER, type StreamEvent } from '../../contract/protocol';
import type { Connection, StreamIn } from '../agent-types';
import { type LogFields, type Logger, silentLogger } from '../log';
import { dataFrameHeader } from '../../contract/stream-frames';
import { OutputBatch } from './output-batch';

export interface StreamSink {
  /** Output bytes, passed on as they are. */
  data(bytes: Uint8Array): void;
  event(e: StreamEvent): void;
  end(error?: AgentErrorData): void;
  /** True while the renderer is behind: the source should pause reading. */
  congested(): boolean;
}

export interface StreamSource {
  start(sink: StreamSink): void;
  write?(data: string): void;
  resize?(cols: number, rows: number): void;
  /** The renderer caught up after congestion. */
  drained?(): void;
  close(): void;
}

interface Entry {
  conn: Connection;
  source: StreamSource;
  /** Output held until the end of the event loop's turn (output-batch.ts). */
  batch: OutputBatch;
  unacked: number;
  paused: boolean;
  ended: boolean;
  recheck?: ReturnType<typeof setTimeout>;
}

const SOCKET_RECHECK_MS = 15;

export class StreamHub {
  private readonly streams = new Map<string, Entry>();

  constructor(private readonly log: Logger = silentLogger) {}

  /** `about` says in the log what the stream is (zone, route); never its URL or token. */
  open(conn: Connection, source: StreamSource, about: LogFields = {}): string {
    const sid = randomUUID();
    this.log.info('stream opened', { sid, ...about });
    const batch = new OutputBatch((data) => {
      if (!entry.ended) conn.sendStream({ t: 'stream', sid, kind: 'data', data });
    }, dataFrameHeader(sid));
    const entry: Entry = { conn, source, batch, unacked: 0, paused: false, ended: false };
    this.streams.set(sid, entry);
    const sink: StreamSink = {
      data: (bytes) => {
        if (entry.ended) return;
        // Counted as sent now: a batch still held is in flight as far as flow control goes.
        entry.unacked += bytes.byteLength;
        batch.push(bytes);
      },
      event: (event) => {
        if (entry.ended) return;
        batch.flush();
        conn.sendStream({ t: 'stream', sid, kind: 'event', event });
      },
      end: (error) => {
        if (entry.ended) return;
        batch.flush();
        entry.ended = true;
        this.streams.delete(sid);
        if (error)
          this.log.warn('stream ended with an error', {
            sid,
            status: error.status,
            error: error.code,
            message: error.message,
          });
        else this.log.info('stream ended', { sid });
        conn.sendStream({ t: 'stream', sid, kind: 'end', ...(error ? { error } : {}) });
      },
      congested: () => {
        const behind = entry.unacked + conn.bufferedAmount() > STREAM_HIGH_WATER;
        if (behind) entry.paused = true;
        return behind;
      },
    };
    // Start after the id is returned to the caller, so no message precedes it.
    setImmediate(() => entry.ended || source.start(sink));
    return sid;
  }

  input(msg: StreamIn, conn: Connection): void {
    const entry = this.streams.get(msg.sid);
    if (!entry || entry.conn.id !== conn.id) return; // Not this renderer's stream: ignore.
    switch (msg.kind) {
      case 'data':
        entry.source.write?.(msg.data);
        break;
      case 'resize':
        entry.source.resize?.(msg.cols, msg.rows);
        break;
      case 'ack':
        entry.unacked = Math.max(0, entry.unacked - msg.bytes);
        this.resumeWhenDrained(entry);
        break;
      case 'close':
        this.close(msg.sid, conn);
        break;
    }
  }

  /**
   * Resumes a paused source once the renderer and its socket are both below the low-water mark.
   * The last ack may come while the socket still holds other bytes; no further ack will follow
   * then, so the socket is looked at again shortly instead of waiting forever.
   */
  private resumeWhenDrained(entry: Entry): void {
    if (!entry.paused || entry.ended || entry.recheck) return;
    if (entry.unacked + entry.conn.bufferedAmount() <= STREAM_LOW_WATER) {
      entry.paused = false;
      entry.source.drained?.();
    } else if (entry.unacked <= STREAM_LOW_WATER) {
      entry.recheck = setTimeout(() => {
        entry.recheck = undefined;
        this.resumeWhenDrained(entry);
      }, SOCKET_RECHECK_MS);
    }
  }

  /**
   * The one way a renderer closes a stream (stream.close and a 'close' message both come here):
   * only the connection that opened it may. Returns false for an unknown or foreign stream.
   */
  close(sid: string, conn: Connection): boolean {
    const entry = this.streams.get(sid);
    if (!entry || entry.conn.id !== conn.id) return false;
    this.end(sid, entry);
    return true;
  }

  private end(sid: string, entry: Entry): void {
    entry.ended = true;
    entry.batch.clear();
    clearTimeout(entry.recheck);
    this.streams.delete(sid);
    this.log.info('stream closed', { sid });
    entry.source.close();
  }

  closeConnection(conn: Connection): void {
    for (const [sid, e] of [...this.streams]) if (e.conn.id === conn.id) this.end(sid, e);
  }

  closeAll(): void {
    for (const [sid, e] of [...this.streams]) this.end(sid, e);
  }

  get size(): number {
    return this.streams.size;
  }
}
