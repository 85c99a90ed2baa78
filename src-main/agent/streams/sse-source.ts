/**
 * A server-sent event stream (workflow run progress). A clean end of the reply ends the stream;
 * a broken connection reconnects with Last-Event-ID so no event is lost or repeated.
 */
import { AGENT_CODES, AgentError } from '../../contract/errors';
import type { Route } from '../../contract/routes';
import type { QueryValue } from '../http/zone-client';
import type { ZoneRuntime } from '../zone-runtimes';
import { reconnectDelay } from './reconnect';
import { SseParser, SseTooLong } from './sse-parser';
import { jsonTooDeep, mib, replyInvalid } from '../http/reply-bounds';
import type { StreamSink, StreamSource } from './stream-hub';

/**
 * An id that can go back as the Last-Event-ID header: a header value is Latin-1 without control
 * characters, so an id holding, say, "→" would make every resume throw before it is sent.
 */
export function resumableId(id: string | undefined): string | undefined {
  return id !== undefined && id.length <= 1024 && /^[\x20-\x7e\xa0-\xff]*$/.test(id) ? id : undefined;
}

export class SseSource implements StreamSource {
  private readonly abort = new AbortController();
  private attempt = 0;
  private resumeReading: (() => void) | undefined;
  private lastEventId: string | undefined;
  private saidUnresumable = false;

  constructor(
    private readonly rt: ZoneRuntime,
    private readonly route: Route,
    private readonly params: Record<string, string>,
    private readonly query: Record<string, QueryValue>,
    lastEventId?: string,
  ) {
    this.lastEventId = resumableId(lastEventId);
  }

  /** Keeps the newest id that can be sent back; one that cannot is passed over, and the log says so once. */
  private noteId(id: string): void {
    const ok = resumableId(id);
    if (ok !== undefined) this.lastEventId = ok;
    else if (!this.saidUnresumable) {
      this.saidUnresumable = true;
      this.rt.log.info(
        'a live-stream event id cannot be sent back as Last-Event-ID; a resume starts after the last one that can',
        {
          route: this.route.id,
        },
      );
    }
  }

  start(sink: StreamSink): void {
    void this.run(sink);
  }

  private async run(sink: StreamSink): Promise<void> {
    for (;;) {
      try {
        await this.readOnce(sink);
        return sink.end();
      } catch (err) {
        if (this.abort.signal.aborted) return;
        if (err instanceof AgentError && err.status !== 0) return sink.end(err.toJSON());
        const delay = reconnectDelay(this.attempt++);
        if (delay === undefined) {
          return sink.end({
            status: 0,
            code: AGENT_CODES.network,
            message: 'The live stream was lost and could not be resumed.',
          });
        }
        this.rt.log.info('live stream dropped; resuming', {
          route: this.route.id,
          attempt: this.attempt,
          delayMs: delay,
          err,
        });
        sink.event({ type: 'state', data: { state: 'reconnecting', attempt: this.attempt, delayMs: delay } });
        await new Promise((r) => setTimeout(r, delay).unref());
      }
    }
  }

  private async readOnce(sink: StreamSink): Promise<void> {
    const headers: Record<string, string> = this.lastEventId ? { 'last-event-id': this.lastEventId } : {};
    const open = (token: string) =>
      this.rt.client.open({
        route: this.route,
        params: this.params,
        query: this.query,
        headers,
        token,
        signal: this.abort.signal,
        timeoutMs: 3_600_000,
      });
    let token = this.rt.session.token();
    const res = await open(token).catch(async (err: unknown) => {
      if (!(err instanceof AgentError) || err.status !== 401) throw err;
      token = await this.rt.session.renewAfter401(token);
      return open(token);
    });
    if (this.attempt > 0) sink.event({ type: 'state', data: { state: 'connected' } });
    this.attempt = 0;
    const parser = new SseParser();
    const decoder = new TextDecoder();
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      let msgs;
      try {
        msgs = parser.push(decoder.decode(chunk, { stream: true }));
      } catch (err) {
        if (!(err instanceof SseTooLong)) throw err;
        // Not a network loss: resuming would only fetch the same line again. End the stream, typed.
        throw replyInvalid(
          res.status,
          `The zone sent a live-stream event longer than ${mib(err.limit)}; the stream was stopped.`,
        );
      }
      for (const msg of msgs) {
        if (msg.id !== undefined) this.noteId(msg.id);
        sink.event({ type: msg.type, ...(msg.id !== undefined ? { id: msg.id } : {}), data: parseData(msg.data) });
      }
      if (sink.congested()) await new Promise<void>((r) => (this.resumeReading = r));
    }
  }

  drained(): void {
    this.resumeReading?.();
    this.resumeReading = undefined;
  }

  close(): void {
    this.abort.abort();
    this.drained();
  }
}

/** An event's data as JSON when it is; text when not, or when nested too deeply to pass on safely. */
function parseData(data: string): unknown {
  if (jsonTooDeep(data)) return data;
  try {
    return JSON.parse(data);
  } catch {
    return data; // the spec lets an event's data be plain text: not an error
  }
}
