/**
 * The agent's WebSocket, run in a dedicated worker. Receiving frames and parsing JSON (a list of
 * 20,000 containers is one reply) then run beside the page's main thread, and the page gets each
 * message already parsed. Console output comes as binary frames (stream-frames.ts): their buffer
 * is handed over as it is (transferred, not copied); the page reads its short header.
 * Protocol with worker-socket.ts — in: {op:'open', url} | {op:'send', data} | {op:'close', code?, reason?};
 * out: {ev:'open'} | {ev:'message', data: ArrayBuffer} | {ev:'messages', data: parsed JSON[]} | {ev:'error'} | {ev:'close'}.
 * Parsed messages go over in batches: a burst (10,000 run events, one frame each) cost the page a
 * task per message, ~40 µs each plus the scheduling between two threads on a busy machine.
 */
export {}; // a module: its names stay its own

type In = { op: 'open'; url: string } | { op: 'send'; data: string } | { op: 'close'; code?: number; reason?: string };

const scope = self as unknown as {
  postMessage(m: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<In>) => void) | null;
};
let ws: WebSocket | null = null;

/** Most messages per post: the page deserializes a post in one task, which must stay short. */
const BATCH = 500;
let batch: unknown[] = [];
let flushing = false;

function flush(): void {
  flushing = false;
  if (!batch.length) return;
  scope.postMessage({ ev: 'messages', data: batch });
  batch = [];
}

/** Queued until the frames already received are read (a 0 ms timer: a reply waits ~1 ms at most). */
function queue(data: unknown): void {
  batch.push(data);
  if (batch.length >= BATCH) flush();
  else if (!flushing) {
    flushing = true;
    setTimeout(flush, 0);
  }
}

scope.onmessage = (e) => {
  const m = e.data;
  if (m.op === 'open') {
    ws = new WebSocket(m.url);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => scope.postMessage({ ev: 'open' });
    ws.onmessage = (ev: MessageEvent<unknown>) => {
      if (ev.data instanceof ArrayBuffer) {
        flush(); // in order with the parsed ones
        return scope.postMessage({ ev: 'message', data: ev.data }, [ev.data]);
      }
      if (typeof ev.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(ev.data);
      } catch {
        return;
      }
      queue(data);
    };
    ws.onerror = () => {
      flush();
      scope.postMessage({ ev: 'error' });
    };
    ws.onclose = () => {
      flush();
      scope.postMessage({ ev: 'close' });
    };
  } else if (m.op === 'send') {
    if (ws?.readyState === WebSocket.OPEN) ws.send(m.data);
  } else {
    ws?.close(m.code, m.reason);
  }
};
