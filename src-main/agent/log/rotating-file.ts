/**
 * The log file: lines are queued in memory and appended in one batch shortly after (or at exit),
 * so a caller never waits on the disk; rotated by size (zonedeck.log, .1, .2); owner-only modes.
 * Nothing here throws: a full disk or a deleted folder drops lines (counted, and said in the
 * file once it can be written again), never the app.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  fstatSync,
  mkdirSync,
  openSync,
  renameSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export interface RotatingFileOptions {
  file: string;
  /** Rotate before a write would take the file past this (default 5 MiB). */
  maxBytes?: number;
  /** How many files in all, the live one included (default 3). */
  keep?: number;
  /** How long lines wait to be written together (default 100 ms). */
  flushMs?: number;
  /** The line that says how many lines were lost while the file could not be written. */
  droppedLine?: (count: number) => string;
}

/** Lines held while the disk refuses them; beyond this the newest are dropped. */
const MAX_PENDING_BYTES = 1024 * 1024;
/** After a failed write, wait this long before trying the disk again. */
const RETRY_MS = 5000;

export class RotatingFile {
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly flushMs: number;
  private pending: string[] = [];
  private pendingBytes = 0;
  private fd: number | undefined;
  private size = 0;
  private timer: NodeJS.Timeout | undefined;
  private retryAt = 0;
  private dropped = 0;
  private closed = false;
  private readonly onExit = () => this.flush();

  constructor(private readonly o: RotatingFileOptions) {
    this.maxBytes = o.maxBytes ?? 5 * 1024 * 1024;
    this.keep = Math.max(2, o.keep ?? 3);
    this.flushMs = o.flushMs ?? 100;
    // Lines still queued when the process exits are written synchronously then.
    process.on('exit', this.onExit);
  }

  get file(): string {
    return this.o.file;
  }

  /** Queues one line (a trailing newline is added). */
  write(line: string): void {
    if (this.closed) return;
    const bytes = Buffer.byteLength(line) + 1;
    if (this.pendingBytes + bytes > MAX_PENDING_BYTES) {
      this.dropped++;
      return;
    }
    this.pending.push(line);
    this.pendingBytes += bytes;
    this.timer ??= setTimeout(() => this.flush(), this.flushMs).unref();
  }

  /** Writes everything queued now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || Date.now() < this.retryAt) return;
    const lines =
      this.dropped > 0 && this.o.droppedLine ? [this.o.droppedLine(this.dropped), ...this.pending] : this.pending;
    const text = `${lines.join('\n')}\n`;
    try {
      this.ensureOpen();
      const bytes = Buffer.byteLength(text);
      if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
      const buf = Buffer.from(text);
      for (let off = 0; off < buf.length;) off += writeSync(this.fd!, buf, off);
      this.size += bytes;
      this.pending = [];
      this.pendingBytes = 0;
      this.dropped = 0;
    } catch {
      // The disk said no: keep the lines for a later try, drop the file handle (the folder may be gone).
      this.closeFd();
      this.retryAt = Date.now() + RETRY_MS;
      this.timer = setTimeout(() => this.flush(), RETRY_MS).unref();
    }
  }

  close(): void {
    if (this.closed) return;
    this.retryAt = 0;
    this.flush();
    this.closed = true;
    clearTimeout(this.timer);
    this.closeFd();
    process.off('exit', this.onExit);
  }

  /** Opens (or reopens, when the file or its folder was removed meanwhile) the live file. */
  private ensureOpen(): void {
    if (this.fd !== undefined && existsSync(this.o.file)) return;
    this.closeFd();
    const dir = path.dirname(this.o.file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    this.fd = openSync(this.o.file, 'a', 0o600);
    fchmodSync(this.fd, 0o600); // an older file, or one made under a loose umask
    this.size = fstatSync(this.fd).size;
  }

  /** zonedeck.log -> .1 -> .2 …; the oldest is overwritten. */
  private rotate(): void {
    this.closeFd();
    for (let i = this.keep - 1; i >= 1; i--) {
      const from = i === 1 ? this.o.file : `${this.o.file}.${i - 1}`;
      if (existsSync(from)) renameSync(from, `${this.o.file}.${i}`);
    }
    this.ensureOpen();
  }

  private closeFd(): void {
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // Already unusable; there is nothing left to release.
    }
    this.fd = undefined;
  }
}
