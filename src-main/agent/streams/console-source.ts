/**
 * A console: the zone's terminal WebSocket proxied to the renderer. Output is passed on as the
 * bytes the zone sent (the terminal decodes UTF-8, also across chunk edges). Input goes as binary
 * frames. Control (resize, a JSON text frame) goes only to a zone that selected CONSOLE_CONTROL in
 * the handshake: the spec fixes no control message, and any other console would take it for typed
 * text. A dropped connection is retried with a visible state; the zone closing with a 4xxx code
 * (not running, not allowed) ends the stream instead.
 */
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';
import { CONSOLE_CONTROL, CONSOLE_OFFERED } from '../../contract/console-protocol';
import { AGENT_CODES, type AgentErrorData } from '../../contract/errors';
import type { ZoneRuntime } from '../zone-runtimes';
import { localhostLookup } from '../http/localhost-lookup';
import { reconnectDelay } from './reconnect';
import type { StreamSink, StreamSource } from './stream-hub';

export class ConsoleSource implements StreamSource {
  private ws: WebSocket | undefined;
  private sink!: StreamSink;
  private closed = false;
  private attempt = 0;
  private size: { cols: number; rows: number } | undefined;
  /** The zone selected CONSOLE_CONTROL for the current connection: only then is resize sent. */
  private controls = false;

  constructor(
    private readonly rt: ZoneRuntime,
    private readonly url: URL,
  ) {}

  start(sink: StreamSink): void {
    this.sink = sink;
    this.connect();
  }

  private connect(token = safeToken(this.rt)): void {
    if (this.closed) return;
    if (!token) return this.sink.end(signedOutError());
    const ca = this.rt.record.caFile ? readFileSync(this.rt.record.caFile, 'utf8') : undefined;
    this.controls = false;
    const ws = new WebSocket(this.url, {
      // The offer travels as a header rather than ws's `protocols`: ws would refuse a zone that
      // selects none (RFC 6455 allows that), and such a zone gets keystrokes only.
      headers: { authorization: `Bearer ${token}`, 'sec-websocket-protocol': CONSOLE_OFFERED.join(', ') },
      lookup: localhostLookup,
      handshakeTimeout: 15_000,
      ...(ca ? { ca } : {}),
    });
    this.ws = ws;
    ws.binaryType = 'nodebuffer';
    ws.on('upgrade', (res) => {
      this.controls = res.headers['sec-websocket-protocol']?.trim() === CONSOLE_CONTROL;
      // Read; now hidden from ws's own check, which knows of no offer and would refuse any selection.
      delete res.headers['sec-websocket-protocol'];
    });
    ws.on('open', () => {
      this.attempt = 0;
      this.sink.event({ type: 'state', data: { state: 'connected' } });
      if (this.size) this.resize(this.size.cols, this.size.rows);
    });
    ws.on('message', (data: Buffer) => {
      if (data.byteLength > 0) this.sink.data(data);
      if (this.sink.congested()) ws.pause();
    });
    ws.on('unexpected-response', (_req, res) => {
      ws.removeAllListeners('close');
      ws.terminate();
      if (res.statusCode === 401) {
        void this.rt.session.renewAfter401(token).then(
          (t) => this.connect(t),
          () => this.sink.end(signedOutError()),
        );
      } else {
        this.sink.end({
          status: res.statusCode ?? 0,
          code: `http_${res.statusCode}`,
          message: `The zone refused the console (HTTP ${res.statusCode}).`,
        });
      }
    });
    ws.on('error', (err) => this.rt.log.debug('console socket error (its close decides what follows)', { err })); // 'close' follows and decides.
    ws.on('close', (code, reason) => this.onClose(code, reason.toString()));
  }

  private onClose(code: number, reason: string): void {
    if (this.closed) return;
    if (code === 1000 || (code >= 4000 && code < 5000)) {
      return this.sink.end(
        code === 1000
          ? undefined
          : { status: 0, code: `console_${code}`, message: reason || 'The console was closed by the zone.' },
      );
    }
    const delay = reconnectDelay(this.attempt);
    if (delay === undefined) {
      return this.sink.end({
        status: 0,
        code: AGENT_CODES.network,
        message: 'The console connection was lost and could not be re-established.',
      });
    }
    this.attempt++;
    this.rt.log.info('console connection dropped; reconnecting', {
      closeCode: code,
      attempt: this.attempt,
      delayMs: delay,
    });
    this.sink.event({ type: 'state', data: { state: 'reconnecting', attempt: this.attempt, delayMs: delay } });
    setTimeout(() => this.connect(), delay).unref();
  }

  write(data: string): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(Buffer.from(data, 'utf8'), { binary: true });
  }

  resize(cols: number, rows: number): void {
    this.size = { cols, rows };
    // A reconnect opens at the latest size where the URL carries one (the renderer's cols/rows).
    for (const [key, v] of [
      ['cols', cols],
      ['rows', rows],
    ] as const)
      if (this.url.searchParams.has(key)) this.url.searchParams.set(key, String(v));
    if (this.controls && this.ws?.readyState === WebSocket.OPEN)
      this.ws.send(JSON.stringify({ type: 'resize', cols, rows }));
  }

  drained(): void {
    this.ws?.resume();
  }

  close(): void {
    this.closed = true;
    this.ws?.close(1000);
  }
}

function safeToken(rt: ZoneRuntime): string | undefined {
  try {
    return rt.session.token();
  } catch {
    return undefined; // signed out: the caller ends the stream with that error, and the hub logs it
  }
}

function signedOutError(): AgentErrorData {
  return {
    status: 401,
    code: AGENT_CODES.signedOut,
    message: 'You are signed out of this zone. Sign in to open the console.',
  };
}
