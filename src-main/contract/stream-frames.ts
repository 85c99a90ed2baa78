/**
 * Console output on the browser host's socket travels as binary frames, not JSON: the bytes the
 * zone sent, behind a short header naming the stream. A flood then costs no text decoding, JSON
 * escaping or parsing anywhere between the zone and xterm (which decodes UTF-8 itself).
 * Layout: [sid length: 1 byte][sid: ASCII][payload]. Shared by the host (Node) and the page.
 */
import type { ServerMessage } from './protocol';

const ascii = new TextEncoder();
const asciiOut = new TextDecoder();

export function encodeDataFrame(sid: string, payload: Uint8Array): Uint8Array {
  const id = ascii.encode(sid);
  if (id.length === 0 || id.length > 255) throw new RangeError('A stream id is 1 to 255 bytes.');
  const frame = new Uint8Array(1 + id.length + payload.byteLength);
  frame[0] = id.length;
  frame.set(id, 1);
  frame.set(payload, 1 + id.length);
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

/** A host's message as it goes on the socket: console output binary, everything else JSON text. */
export function serverMessageToWire(msg: ServerMessage): string | Uint8Array {
  return msg.t === 'stream' && msg.kind === 'data' ? encodeDataFrame(msg.sid, msg.data) : JSON.stringify(msg);
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
