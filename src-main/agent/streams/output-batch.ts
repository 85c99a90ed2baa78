/**
 * Console output the zone sent in one turn of the event loop, passed on as one message. A socket
 * read yields 64 KiB at most and a zone frames its output as it likes, so a flood arrived as many
 * small messages, and each cost the same again at every hop after the agent (host socket, the
 * browser's network service, the socket worker, the page, xterm's write queue). Joined up to
 * MAX_BATCH and flushed at the end of the turn, they cost a copy, and no waiting: what arrived
 * alone goes on alone, unchanged. Joined output is copied straight into a frame behind the
 * stream's header (stream-frames.ts), so the socket gets it without a second copy.
 */
import { framedPayload } from '../../contract/stream-frames';

/**
 * ~8 ms of xterm's parsing here: under the 12 ms it parses before letting the page draw, so a
 * keystroke still gets in between. Half the messages of 256 KiB for the browser to carry: ~3
 * points more of xterm's direct rate in the console benchmark (0–6 over three interleaved runs).
 */
export const MAX_BATCH = 512 * 1024;

export class OutputBatch {
  private parts: Uint8Array[] = [];
  private bytes = 0;
  private scheduled = false;

  /** `header`: the data frame header of the stream (stream-frames.ts), put in front of joined output. */
  constructor(
    private readonly send: (data: Uint8Array) => void,
    private readonly header: Uint8Array = new Uint8Array(),
  ) {}

  push(data: Uint8Array): void {
    this.parts.push(data);
    this.bytes += data.byteLength;
    if (this.bytes >= MAX_BATCH) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
  }

  /** Sends what is held now (before an event or the end, which must not overtake it). */
  flush(): void {
    if (this.parts.length === 0) return;
    const data = this.parts.length === 1 ? this.parts[0]! : this.join();
    this.parts = [];
    this.bytes = 0;
    this.send(data);
  }

  private join(): Uint8Array {
    // Not zero-filled: every byte is written below.
    const frame = Buffer.allocUnsafeSlow(this.header.length + this.bytes);
    frame.set(this.header);
    let at = this.header.length;
    for (const part of this.parts) {
      frame.set(part, at);
      at += part.byteLength;
    }
    return framedPayload(frame, this.header.length);
  }

  /** Drops what is held (the stream was closed). */
  clear(): void {
    this.parts = [];
    this.bytes = 0;
  }
}
