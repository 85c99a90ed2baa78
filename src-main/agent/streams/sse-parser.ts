/**
 * Incremental parser for text/event-stream (WHATWG HTML §9.2), fed chunk by chunk. Each chunk is
 * scanned once (an unfinished line waits in pieces, not re-searched with every chunk), and a line
 * or an event past a cap is refused instead of growing the agent.
 */
export interface SseMessage {
  type: string;
  id?: string;
  data: string;
}

/** One line, or one event's data, past this ends the stream (a progress event is a few KiB). */
export const MAX_SSE_EVENT_CHARS = 1024 * 1024;

/** Thrown by push when a line or an event grows past the cap; the stream cannot go on. */
export class SseTooLong extends Error {
  constructor(readonly limit: number) {
    super(`event-stream line or event over ${limit} characters`);
  }
}

export class SseParser {
  /** The unfinished line, in the pieces it came in (joined once, when its end arrives). */
  private pending: string[] = [];
  private pendingChars = 0;
  /** The last chunk ended with CR: an LF first in the next one belongs to it. */
  private afterCr = false;
  /** Characters examined in all, for tests proving the scan is linear. */
  scannedTotal = 0;
  private data: string[] = [];
  private dataChars = 0;
  private type = '';
  private id: string | undefined;

  constructor(private readonly maxChars = MAX_SSE_EVENT_CHARS) {}

  /** Returns the complete messages the chunk finished; throws SseTooLong past the cap. */
  push(chunk: string): SseMessage[] {
    if (!chunk) return [];
    const out: SseMessage[] = [];
    let start = this.afterCr && chunk.charCodeAt(0) === 10 ? 1 : 0;
    this.afterCr = false;
    for (let i = start; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      let line = chunk.slice(start, i);
      if (this.pending.length) {
        line = this.pending.join('') + line;
        this.pending = [];
        this.pendingChars = 0;
      }
      const msg = this.line(line);
      if (msg) out.push(msg);
      if (c === 13) {
        if (i + 1 === chunk.length) this.afterCr = true;
        else if (chunk.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    this.scannedTotal += chunk.length;
    if (start < chunk.length) {
      this.pendingChars += chunk.length - start;
      if (this.pendingChars > this.maxChars) throw new SseTooLong(this.maxChars);
      this.pending.push(chunk.slice(start));
    }
    return out;
  }

  private line(line: string): SseMessage | undefined {
    if (line.length > this.maxChars) throw new SseTooLong(this.maxChars);
    if (line === '') {
      if (!this.data.length) {
        this.type = '';
        return undefined;
      }
      const msg: SseMessage = {
        type: this.type || 'message',
        data: this.data.join('\n'),
        ...(this.id !== undefined ? { id: this.id } : {}),
      };
      this.data = [];
      this.dataChars = 0;
      this.type = '';
      return msg;
    }
    if (line.startsWith(':')) return undefined; // keep-alive comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      this.dataChars += value.length + 1;
      if (this.dataChars > this.maxChars) throw new SseTooLong(this.maxChars);
      this.data.push(value);
    } else if (field === 'event') this.type = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return undefined;
  }
}
