/**
 * A SocketLike whose WebSocket lives in socket-worker.ts, so receiving and parsing stay off the
 * page's main thread (see there). Messages arrive parsed (JSON, in batches handed on one by one) or
 * as an ArrayBuffer (console output): WebBridge accepts both, and raw text frames too.
 */
import type { SocketLike } from './web-bridge';

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 3;

export class WorkerSocket implements SocketLike {
  readyState = CONNECTING;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  private readonly worker: Worker;

  constructor(url: string) {
    this.worker = new Worker(new URL('./socket-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<{ ev: string; data?: unknown }>) => {
      const m = e.data;
      if (m.ev === 'open') {
        this.readyState = OPEN;
        this.onopen?.({});
      } else if (m.ev === 'messages') {
        for (const data of m.data as unknown[]) this.onmessage?.({ data });
      } else if (m.ev === 'message') {
        this.onmessage?.({ data: m.data });
      } else if (m.ev === 'error') {
        this.onerror?.({});
      } else if (m.ev === 'close') {
        this.finish();
      }
    };
    // A worker that cannot start (blocked, crashed) is a socket that closed: the bridge reconnects.
    this.worker.onerror = () => this.finish();
    this.worker.postMessage({ op: 'open', url });
  }

  send(data: string): void {
    if (this.readyState === OPEN) this.worker.postMessage({ op: 'send', data });
  }

  close(code?: number, reason?: string): void {
    if (this.readyState === CLOSED) return;
    this.worker.postMessage({ op: 'close', code, reason });
  }

  private finish(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.worker.terminate();
    this.onclose?.({});
  }
}

/** Browsers get the worker socket; anything without workers (Node tests) passes its own impl. */
export const canUseWorkerSocket = (): boolean => typeof Worker !== 'undefined';
