/**
 * The agent's WebSocket, run in a dedicated worker. Receiving frames and parsing JSON (a list of
 * 20,000 containers is one reply) then run beside the page's main thread, and the page gets each
 * message already parsed. Console output comes as binary frames (stream-frames.ts): their buffer
 * is handed over as it is (transferred, not copied); the page reads its short header.
 * Protocol with worker-socket.ts — in: {op:'open', url} | {op:'send', data} | {op:'close', code?, reason?};
 * out: {ev:'open'} | {ev:'message', data: parsed JSON | ArrayBuffer} | {ev:'error'} | {ev:'close'}.
 */
export {}; // a module: its names stay its own

type In = { op: 'open'; url: string } | { op: 'send'; data: string } | { op: 'close'; code?: number; reason?: string };

const scope = self as unknown as {
  postMessage(m: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<In>) => void) | null;
};
let ws: WebSocket | null = null;

scope.onmessage = (e) => {
  const m = e.data;
  if (m.op === 'open') {
    ws = new WebSocket(m.url);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => scope.postMessage({ ev: 'open' });
    ws.onmessage = (ev: MessageEvent<unknown>) => {
      if (ev.data instanceof ArrayBuffer) return scope.postMessage({ ev: 'message', data: ev.data }, [ev.data]);
      if (typeof ev.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(ev.data);
      } catch {
        return;
      }
      scope.postMessage({ ev: 'message', data });
    };
    ws.onerror = () => scope.postMessage({ ev: 'error' });
    ws.onclose = () => scope.postMessage({ ev: 'close' });
  } else if (m.op === 'send') {
    if (ws?.readyState === WebSocket.OPEN) ws.send(m.data);
  } else {
    ws?.close(m.code, m.reason);
  }
};
