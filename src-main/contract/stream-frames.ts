/**
 * Console output on the browser host's socket travels as binary frames, not JSON: the bytes the
 * zone sent, behind a short header naming the stream. A flood then costs no text decoding, JSON
 * escaping or parsing anywhere between the zone and xterm (which decodes UTF-8 itself).
 * Layout: [sid length: 1 byte][sid: ASCII][payload]. Shared by the host (Node) and the page.
 */
import { AGENT_CODES, type AgentErrorData } from './errors';
import type { ServerMessage } from './protocol';

const ascii = new TextEncoder();
const asciiOut = new TextDecoder();

/** The bytes in front of every payload of stream `sid`. */
export function dataFrameHeader(sid: string): Uint8Array {
  const id = ascii.encode(sid);
  if (id.length === 0 || id.length > 255) throw new RangeError('A stream id is 1 to 255 bytes.');
  const header = new Uint8Array(1 + id.length);
  header[0] = id.length;
  header.set(id, 1);
  return header;
}

/** Payloads built behind their header already (framedPayload), each with its whole frame. */
const prebuilt = new WeakMap<Uint8Array, Uint8Array>();

/**
 * The payload part of `frame`, whose first `headerLength` bytes are dataFrameHeader(sid): the host
 * joins output into such a frame, so putting it on the socket costs no second copy of the bytes.
 */
export function framedPayload(frame: Uint8Array, headerLength: number): Uint8Array {
  const payload = frame.subarray(headerLength);
  prebuilt.set(payload, frame);
  return payload;
}

/** True when `frame`'s header, in front of `payload`, names stream `sid` (a frame built for another stream is not reused). */
function framesFor(frame: Uint8Array, payload: Uint8Array, sid: string): boolean {
  const n = frame.byteLength - payload.byteLength - 1;
  return frame[0] === n && asciiOut.decode(frame.subarray(1, 1 + n)) === sid;
}

export function encodeDataFrame(sid: string, payload: Uint8Array): Uint8Array {
  const ready = prebuilt.get(payload);
  if (ready && framesFor(ready, payload, sid)) return ready;
  const header = dataFrameHeader(sid);
  const frame = new Uint8Array(header.length + payload.byteLength);
  frame.set(header);
  frame.set(payload, header.length);
  return frame;
}

/** The stream id and a view of the payload (no copy); undefined for a frame too short to hold its header. */
export function decodeDataFrame(frame: ArrayBuffer | ArrayBufferView): { sid: string; data: Uint8Array } | undefined {
  const bytes =
    frame instanceof ArrayBuffer
      ? new Uint8Array(frame)
      : new Uint8Array(frame.buffer, frame.byteOffset, frame.byteLength);
  const n = bytes[0] ?? 0;
  if (n === 0 || bytes.length < 1 + n) return undefined;
  return { sid: asciiOut.decode(bytes.subarray(1, 1 + n)), data: bytes.subarray(1 + n) };
}

/**
 * A host's message as it goes on the socket: console output binary, everything else JSON text.
 * Never throws: a value JSON.stringify cannot write (nested too deeply, or past the longest string)
 * becomes a typed error for that call or stream, instead of an exception in the host.
 */
export function serverMessageToWire(msg: ServerMessage): string | Uint8Array {
  if (msg.t === 'stream' && msg.kind === 'data') return encodeDataFrame(msg.sid, msg.data);
  try {
    return JSON.stringify(msg);
  } catch (err) {
    return JSON.stringify(unsendable(msg, err));
  }
}

/** What goes instead of a message that could not be written. */
function unsendable(msg: Exclude<ServerMessage, { kind: 'data' }>, err: unknown): ServerMessage {
  const error: AgentErrorData = {
    status: 0,
    code: AGENT_CODES.unsendable,
    message:
      err instanceof RangeError && /call stack/i.test(err.message)
        ? 'The answer is nested too deeply to be shown.'
        : 'The answer is too large to be shown.',
  };
  if (msg.t === 'reply') return { t: 'reply', id: msg.id, ok: false, error };
  if (msg.t === 'stream') return { t: 'stream', sid: msg.sid, kind: 'end', error };
  if (msg.t === 'refused') return { t: 'refused', error };
  return { t: 'event', name: msg.name, payload: null };
}

/**
 * The page's side: a binary frame, a JSON text frame, or a message the worker socket parsed
 * already. Undefined for anything else (not ours to interpret).
 */
export function serverMessageFromWire(data: unknown): ServerMessage | undefined {
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    const frame = decodeDataFrame(data);
    return frame && { t: 'stream', sid: frame.sid, kind: 'data', data: frame.data };
  }
  if (typeof data === 'object' && data !== null) return data as ServerMessage;
  try {
    return JSON.parse(String(data)) as ServerMessage;
  } catch {
    return undefined;
  }
}
