/** Incremental parser for text/event-stream (WHATWG HTML §9.2), fed chunk by chunk. */
export interface SseMessage {
  type: string;
  id?: string;
  data: string;
}

export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private type = '';
  private id: string | undefined;

  /** Returns the complete messages the chunk finished. */
  push(chunk: string): SseMessage[] {
    this.buffer += chunk;
    const out: SseMessage[] = [];
    let nl: number;
    while ((nl = this.buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = this.buffer.slice(0, nl);
      const sepLen = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      this.buffer = this.buffer.slice(nl + sepLen);
      const msg = this.line(line);
      if (msg) out.push(msg);
    }
    return out;
  }

  private line(line: string): SseMessage | undefined {
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
      this.type = '';
      return msg;
    }
    if (line.startsWith(':')) return undefined; // keep-alive comment
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.type = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return undefined;
  }
}
