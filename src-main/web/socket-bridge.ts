/** One renderer over one WebSocket: invokes in, replies, events and stream output out (console bytes as binary frames). */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { type FrameRead, checkClientMessage, readFrame } from '../contract/client-frames';
import { AGENT_CODES } from '../contract/errors';
import type { ClientMessage, Reply, ServerMessage } from '../contract/protocol';
import { serverMessageToWire } from '../contract/stream-frames';
import type { Agent, Connection } from '../agent/agent-types';
import { type Logger, silentLogger } from '../agent/log';
import { passedReplyFrame } from './reply-frame';

export function attachSocket(ws: WebSocket, agent: Agent, log: Logger = silentLogger): void {
  const send = (msg: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(serverMessageToWire(msg));
  };
  /** A reply carrying a zone's JSON as bytes goes as a text frame built around them (reply-frame.ts). */
  const reply = (id: number, r: Reply) => {
    const frame = passedReplyFrame(id, r);
    if (!frame) send({ t: 'reply', id, ...r });
    else if (ws.readyState === ws.OPEN) ws.send(frame, { binary: false });
  };
  const conn: Connection = {
    id: randomUUID(),
    sendStream: send,
    bufferedAmount: () => ws.bufferedAmount,
    passJson: true,
  };
  const off = agent.onEvent((name, payload) => send({ t: 'event', name, payload }));
  /** Invokes still running, by the page's id: a `cancel` aborts one, the socket closing aborts all. */
  const running = new Map<number, AbortController>();
  log.info('renderer connected', { conn: conn.id });

  ws.on('message', (raw, isBinary) => {
    const read: FrameRead<ClientMessage> = isBinary
      ? { ok: false, error: BINARY }
      : readFrame(raw.toString(), MAX_FRAME_CHARS, checkClientMessage);
    if (!read.ok) {
      // A call the page can be told about is answered; anything else is answered, then the socket closes.
      if (read.id !== undefined) return send({ t: 'reply', id: read.id, ok: false, error: read.error });
      log.warn('closed a renderer socket that sent a malformed message', { conn: conn.id, binary: isBinary });
      send({ t: 'refused', error: read.error });
      return ws.close(1003, 'Malformed message');
    }
    const msg = read.msg;
    if (msg.t === 'invoke') {
      const ctl = new AbortController();
      running.set(msg.id, ctl);
      void agent
        .invoke(msg.command, msg.input, conn, ctl.signal)
        .then((r) => reply(msg.id, r))
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

/** The text of a frame is at most what ws lets in (maxPayload, bytes): the same bound, in characters. */
const MAX_FRAME_CHARS = 16 * 1024 * 1024;

const BINARY = { status: 0, code: AGENT_CODES.validation, message: 'The page sends text frames only.' };
