/**
 * The agent's WebSocket, run in a dedicated worker. During a console flood, receiving a 64 KiB
 * frame and parsing its JSON cost the page's main thread about as much as xterm's own parsing;
 * here they run beside it, and the page gets each message already parsed.
 * Stream output crosses to the page as UTF-8 in a transferred buffer, not as a cloned string: a
 * cloned 64 KiB string lands where only a full GC frees it, and a long flood piled up tens of MB.
 * Protocol with worker-socket.ts — in: {op:'open', url} | {op:'send', data} | {op:'close', code?, reason?};
 * out: {ev:'open'} | {ev:'message', data, utf8?} | {ev:'error'} | {ev:'close'}; with `utf8`, data.data is those bytes' text.
 */
export {}; // a module: its names stay its own

type In = { op: 'open'; url: string } | { op: 'send'; data: string } | { op: 'close'; code?: number; reason?: string };

const scope = self as unknown as { postMessage(m: unknown, transfer?: Transferable[]): void; onmessage: ((e: MessageEvent<In>) => void) | null };
let ws: WebSocket | null = null;
const encoder = new TextEncoder();

scope.onmessage = (e) => {
  const m = e.data;
  if (m.op === 'open') {
    ws = new WebSocket(m.url);
    ws.onopen = () => scope.postMessage({ ev: 'open' });
    ws.onmessage = (ev: MessageEvent<unknown>) => {
      if (typeof ev.data !== 'string') return; // the host only sends JSON text
      let data: unknown;
      try {
        data = JSON.parse(ev.data);
      } catch {
        return;
      }
      const msg = data as { t?: unknown; kind?: unknown; data?: unknown };
      if (msg.t === 'stream' && msg.kind === 'data' && typeof msg.data === 'string') {
        const utf8 = encoder.encode(msg.data);
        scope.postMessage({ ev: 'message', data: { ...msg, data: '' }, utf8 }, [utf8.buffer]);
      } else {
        scope.postMessage({ ev: 'message', data });
      }
    };
    ws.onerror = () => scope.postMessage({ ev: 'error' });
    ws.onclose = () => scope.postMessage({ ev: 'close' });
  } else if (m.op === 'send') {
    if (ws?.readyState === WebSocket.OPEN) ws.send(m.data);
  } else {
    ws?.close(m.code, m.reason);
  }
};
