/** One renderer over one WebSocket: invokes in, replies, events and stream output out (console bytes as binary frames). */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { ClientMessage, ServerMessage } from '../contract/protocol';
import { serverMessageToWire } from '../contract/stream-frames';
import type { Agent, Connection } from '../agent/agent-types';
import { type Logger, silentLogger } from '../agent/log';

export function attachSocket(ws: WebSocket, agent: Agent, log: Logger = silentLogger): void {
  const send = (msg: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(serverMessageToWire(msg));
  };
  const conn: Connection = {
    id: randomUUID(),
    sendStream: send,
    bufferedAmount: () => ws.bufferedAmount,
  };
  const off = agent.onEvent((name, payload) => send({ t: 'event', name, payload }));
  /** Invokes still running, by the page's id: a `cancel` aborts one, the socket closing aborts all. */
  const running = new Map<number, AbortController>();
  log.info('renderer connected', { conn: conn.id });

  ws.on('message', (raw, isBinary) => {
    const msg = isBinary ? undefined : parse(raw.toString());
    if (!msg) {
      log.warn('closed a renderer socket that sent a malformed message', { conn: conn.id, binary: isBinary });
      return ws.close(1003, 'Malformed message');
    }
    if (msg.t === 'invoke') {
      const ctl = new AbortController();
      running.set(msg.id, ctl);
      void agent
        .invoke(msg.command, msg.input, conn, ctl.signal)
        .then((reply) => send({ t: 'reply', id: msg.id, ...reply }))
        .catch((err: unknown) => log.error('could not send a reply', { conn: conn.id, command: msg.command, err }))
        .finally(() => {
          if (running.get(msg.id) === ctl) running.delete(msg.id);
        });
    } else if (msg.t === 'cancel') {
      running.get(msg.id)?.abort();
    } else {
      agent.streamInput(msg, conn);
    }
  });
  // A protocol error (oversized frame, invalid UTF-8, unmasked or reserved frame, RSV bits): ws
  // has already sent the close code; without this listener the 'error' event would end the host.
  ws.on('error', (err) => {
    log.warn('closed a renderer socket after a WebSocket protocol error', {
      conn: conn.id,
      reason: (err as Error & { code?: string }).code ?? err.message,
    });
  });
  ws.on('close', (code) => {
    log.info('renderer disconnected', { conn: conn.id, closeCode: code });
    off();
    for (const ctl of running.values()) ctl.abort();
    running.clear();
    agent.disconnect(conn);
  });
}

/** Shape check only; the agent validates each command's input itself. */
function parse(text: string): ClientMessage | undefined {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return undefined; // not JSON: the caller logs and closes the socket
  }
  if (typeof m !== 'object' || m === null) return undefined;
  const o = m as Record<string, unknown>;
  if (o.t === 'invoke' && Number.isSafeInteger(o.id) && typeof o.command === 'string')
    return o as unknown as ClientMessage;
  if (o.t === 'cancel' && Number.isSafeInteger(o.id)) return { t: 'cancel', id: o.id as number };
  if (o.t === 'stream' && typeof o.sid === 'string' && typeof o.kind === 'string') {
    if (o.kind === 'data' && typeof o.data !== 'string') return undefined;
    if (o.kind === 'resize' && !(Number.isInteger(o.cols) && Number.isInteger(o.rows))) return undefined;
    if (o.kind === 'ack' && !Number.isFinite(o.bytes)) return undefined;
    return o as unknown as ClientMessage;
  }
  return undefined;
}
