import { describe, expect, it } from 'vitest';
import {
  decodeDataFrame,
  dataFrameHeader,
  encodeDataFrame,
  framedPayload,
  serverMessageFromWire,
  serverMessageToWire,
} from '../../../src-main/contract/stream-frames';
import type { ServerMessage } from '../../../src-main/contract/protocol';

const sid = '0b6f3a52-6f0e-4a43-9d38-0d2b7f1c9e11';
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('console output frames', () => {
  it('carries the stream id and the bytes unchanged, also a character split across two frames', () => {
    const smile = utf8('😀'); // 4 bytes: a zone may cut its output anywhere
    const a = decodeDataFrame(encodeDataFrame(sid, smile.subarray(0, 2)))!;
    const b = decodeDataFrame(encodeDataFrame(sid, smile.subarray(2)))!;
    expect(a.sid).toBe(sid);
    expect(b.sid).toBe(sid);
    const decoder = new TextDecoder();
    expect(decoder.decode(a.data, { stream: true }) + decoder.decode(b.data)).toBe('😀');
  });

  it('decodes from an ArrayBuffer, a Node Buffer and a view into a larger buffer', () => {
    const frame = encodeDataFrame(sid, utf8('\x1b[1mbold\x1b[0m\r\n'));
    const inLarger = new Uint8Array(frame.length + 10);
    inLarger.set(frame, 5);
    for (const input of [frame.slice().buffer, Buffer.from(frame), inLarger.subarray(5, 5 + frame.length)]) {
      const got = decodeDataFrame(input)!;
      expect(got.sid).toBe(sid);
      expect(new TextDecoder().decode(got.data)).toBe('\x1b[1mbold\x1b[0m\r\n');
    }
  });

  it('sends a payload built behind its header as that frame, and copies any other payload', () => {
    const header = dataFrameHeader(sid);
    const frame = new Uint8Array(header.length + 4);
    frame.set(header);
    frame.set(utf8('ok\r\n'), header.length);
    const payload = framedPayload(frame, header.length);
    expect(encodeDataFrame(sid, payload)).toBe(frame);
    const plain = utf8('ok\r\n');
    const copied = encodeDataFrame(sid, plain);
    expect(copied.buffer).not.toBe(plain.buffer);
    expect(copied).toEqual(frame);
    // Built for this stream, sent for another whose id is as long: framed anew with the other's id.
    const other = sid.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x'));
    const reframed = encodeDataFrame(other, payload);
    expect(reframed).not.toBe(frame);
    expect(decodeDataFrame(reframed)).toEqual({ sid: other, data: utf8('ok\r\n') });
  });

  it('keeps an empty payload, refuses frames too short for their header and ids that do not fit', () => {
    expect(decodeDataFrame(encodeDataFrame('s', new Uint8Array()))).toEqual({ sid: 's', data: new Uint8Array() });
    expect(decodeDataFrame(new Uint8Array())).toBeUndefined();
    expect(decodeDataFrame(new Uint8Array([0, 1, 2]))).toBeUndefined();
    expect(decodeDataFrame(new Uint8Array([36, 65, 66]))).toBeUndefined();
    expect(() => encodeDataFrame('', utf8('x'))).toThrow(RangeError);
    expect(() => encodeDataFrame('x'.repeat(256), utf8('x'))).toThrow(RangeError);
  });

  it('sends console output binary and everything else as JSON, and reads both back', () => {
    const data: ServerMessage = { t: 'stream', sid, kind: 'data', data: utf8('hi') };
    const end: ServerMessage = { t: 'stream', sid, kind: 'end' };
    const reply: ServerMessage = { t: 'reply', id: 3, ok: true, result: { sid } };
    expect(serverMessageToWire(data)).toBeInstanceOf(Uint8Array);
    expect(typeof serverMessageToWire(end)).toBe('string');
    for (const m of [data, end, reply]) expect(serverMessageFromWire(serverMessageToWire(m))).toEqual(m);
    expect(serverMessageFromWire({ t: 'event', name: 'zones.changed', payload: null })).toEqual({
      t: 'event',
      name: 'zones.changed',
      payload: null,
    });
    expect(serverMessageFromWire('not json')).toBeUndefined();
  });
});

describe('a message too deep or too large for JSON', () => {
  const deep = () => {
    let v: unknown = 'x';
    for (let i = 0; i < 100_000; i++) v = [v];
    return v;
  };

  it('becomes a typed error reply for that call, never a throw', () => {
    const wire = serverMessageToWire({ t: 'reply', id: 9, ok: true, result: deep() });
    expect(JSON.parse(wire as string)).toMatchObject({
      t: 'reply',
      id: 9,
      ok: false,
      error: { status: 0, code: 'reply_too_complex', message: expect.stringMatching(/nested too deeply|too large/) },
    });
  });

  it('ends a stream whose event cannot be sent, and drops an event’s payload', () => {
    const ev = serverMessageToWire({ t: 'stream', sid: 's1', kind: 'event', event: { type: 'm', data: deep() } });
    expect(JSON.parse(ev as string)).toMatchObject({
      t: 'stream',
      sid: 's1',
      kind: 'end',
      error: { code: 'reply_too_complex' },
    });
    const pushed = serverMessageToWire({ t: 'event', name: 'zones.changed', payload: deep() });
    expect(JSON.parse(pushed as string)).toEqual({ t: 'event', name: 'zones.changed', payload: null });
  });
});
