/**
 * A WebSocket client that writes frames by hand, so a test can send what no well-behaved library
 * would: an oversized length, invalid UTF-8 in a text frame, an unmasked client frame, a reserved
 * opcode, RSV bits. It does the handshake itself and reports how the server ended the socket.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';

export interface RawFrame {
  opcode: number;
  payload?: Uint8Array;
  fin?: boolean;
  /** RSV1..3 as bits 0b100, 0b010, 0b001. */
  rsv?: number;
  /** Client frames must be masked; false sends one unmasked. */
  mask?: boolean;
  /** Claim this payload length in the header instead of the real one (the payload is not sent). */
  claimedLength?: number;
}

/** One frame as bytes. */
export function encodeFrame(f: RawFrame): Buffer {
  const payload = Buffer.from(f.payload ?? new Uint8Array());
  const len = f.claimedLength ?? payload.length;
  const masked = f.mask !== false;
  const head: number[] = [((f.fin === false ? 0 : 1) << 7) | ((f.rsv ?? 0) << 4) | (f.opcode & 0x0f)];
  const m = masked ? 0x80 : 0;
  let ext = Buffer.alloc(0);
  if (len < 126) head.push(m | len);
  else if (len < 65536) {
    head.push(m | 126);
    ext = Buffer.alloc(2);
    ext.writeUInt16BE(len);
  } else {
    head.push(m | 127);
    ext = Buffer.alloc(8);
    ext.writeBigUInt64BE(BigInt(len));
  }
  if (!masked)
    return Buffer.concat([Buffer.from(head), ext, f.claimedLength === undefined ? payload : Buffer.alloc(0)]);
  const key = randomBytes(4);
  const body = f.claimedLength === undefined ? Buffer.from(payload) : Buffer.alloc(0);
  for (let i = 0; i < body.length; i++) body[i]! ^= key[i % 4]!;
  return Buffer.concat([Buffer.from(head), ext, key, body]);
}

export interface RawSocket {
  send(frame: RawFrame): void;
  /** Resolves when the server closes or resets the connection, with the close code it sent (if any). */
  closed: Promise<{ code?: number }>;
  destroy(): void;
}

/** Opens `ws://127.0.0.1:<port><path>` by hand; rejects unless the server answers 101. */
export function rawConnect(port: number, path: string, headers: Record<string, string> = {}): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    const key = randomBytes(16).toString('base64');
    let buf = Buffer.alloc(0);
    let open = false;
    let code: number | undefined;
    let settle!: (v: { code?: number }) => void;
    const closed = new Promise<{ code?: number }>((r) => (settle = r));
    sock.on('connect', () => {
      const lines = [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${key}`,
        'Sec-WebSocket-Version: 13',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      sock.write(lines.join('\r\n') + '\r\n\r\n');
    });
    sock.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (!open) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const status = buf.subarray(0, buf.indexOf('\r\n')).toString();
        if (!/^HTTP\/1\.1 101/.test(status)) return reject(new Error(`handshake refused: ${status}`));
        open = true;
        buf = buf.subarray(end + 4);
        resolve({ send: (f) => sock.write(encodeFrame(f)), closed, destroy: () => sock.destroy() });
      }
      // A close frame from the server: opcode 8, unmasked, code in the first two payload bytes.
      if (buf.length >= 4 && (buf[0]! & 0x0f) === 8) code = buf.readUInt16BE(2);
    });
    sock.on('error', (err) => (open ? undefined : reject(err)));
    sock.on('close', () => settle(code === undefined ? {} : { code }));
  });
}
