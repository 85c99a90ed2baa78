/**
 * One request through undici's `dispatch`, its body collected as it arrives under the bounds of
 * reply-bounds.ts. `request` gave every reply a Node stream read back with for-await, and every
 * call an AbortSignal.timeout (joined with the caller's by AbortSignal.any): for the small JSON
 * calls most of the agent's traffic is, that was most of its own time per call (issue #16).
 */
import type { Dispatcher } from 'undici';
import { BodyTooLarge, BoundedBody } from './reply-bounds';

/** Header values as undici parses them: a repeated header (Set-Cookie) is an array. */
export type RawHeaders = Record<string, string | string[] | undefined>;

export interface WholeRequest {
  options: Dispatcher.DispatchOptions;
  /** The caller's: its abort cancels the exchange with its reason. */
  signal?: AbortSignal | undefined;
  /** For the whole exchange, body included. */
  timeoutMs: number;
  /** At the status line: the most of this reply's body to read and, for a success, the bytes it may repeat. */
  bounds(status: number): { max: number; known?: Buffer | undefined };
}

export interface WholeReply {
  status: number;
  headers: RawHeaders;
  /** When the status line came (performance.now()). */
  at: number;
  /** The body, or why it was not read whole: a BodyTooLarge, or what ended the exchange mid-body. */
  body: Buffer | Error;
}

type Controller = Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestStart']>>[0];

/** Rejects (no status) with undici's error, the caller's abort reason, or a TimeoutError. */
export function exchange(dispatcher: Dispatcher, req: WholeRequest): Promise<WholeReply> {
  return new Promise((resolve, reject) => {
    let controller: Controller | undefined;
    let stopped: Error | undefined;
    let settled = false;
    let reply: Omit<WholeReply, 'body'> | undefined;
    let body: BoundedBody | undefined;
    let max = 0;
    const { signal } = req;
    const settle = (outcome: Buffer | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (reply) resolve({ ...reply, body: outcome });
      else reject(outcome as Error);
    };
    /** Ends the exchange with `err`: now if undici has started it, else as soon as it does. */
    const stop = (err: Error) => {
      if (settled) return;
      stopped = err;
      settle(err);
      controller?.abort(err);
    };
    const onAbort = () => stop(signal!.reason as Error);
    const timer = setTimeout(
      () => stop(new DOMException('The zone did not answer in time', 'TimeoutError')),
      req.timeoutMs,
    );
    timer.unref();
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (stopped) c.abort(stopped);
      },
      onResponseStart(c, status, headers) {
        if (status < 200 || settled) return; // 1xx: the reply is still to come
        reply = { status, headers: headers as RawHeaders, at: performance.now() };
        const bounds = req.bounds(status);
        const length = headers['content-length']; // absent (chunked): unknown, not 0
        const declared = typeof length === 'string' ? Number(length) : NaN;
        max = bounds.max;
        if (declared > max) stop(new BodyTooLarge(max));
        else body = new BoundedBody(declared, max, bounds.known);
      },
      onResponseData(c, chunk) {
        if (body && !body.add(chunk)) stop(new BodyTooLarge(max));
      },
      onResponseEnd() {
        if (body) settle(body.bytes());
      },
      onResponseError(c, err) {
        settle(err);
      },
    };
    dispatcher.dispatch(req.options, handler);
  });
}
