/**
 * Console output the zone sent in one turn of the event loop, passed on as one message. A socket
 * read yields 64 KiB at most and a zone frames its output as it likes, so a flood arrived as many
 * small messages, and each cost the same again at every hop after the agent (host socket, the
 * browser's network service, the socket worker, the page, xterm's write queue). Joined up to
 * MAX_BATCH (a few ms of xterm parsing, so a keystroke still gets in between) and flushed at the
 * end of the turn, they cost a copy, and no waiting: what arrived alone goes on alone, unchanged.
 */
export const MAX_BATCH = 256 * 1024;

export class OutputBatch {
  private parts: Uint8Array[] = [];
  private bytes = 0;
  private scheduled = false;

  constructor(private readonly send: (data: Uint8Array) => void) {}

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
    const data = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts, this.bytes);
    this.parts = [];
    this.bytes = 0;
    this.send(data);
  }

  /** Drops what is held (the stream was closed). */
  clear(): void {
    this.parts = [];
    this.bytes = 0;
  }
}
