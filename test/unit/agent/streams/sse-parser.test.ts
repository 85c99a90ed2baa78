import { describe, expect, it } from 'vitest';
import { MAX_SSE_EVENT_CHARS, SseParser, SseTooLong } from '../../../../src-main/agent/streams/sse-parser';

/** Feeds `text` in pieces of `size` and collects the messages. */
function feed(p: SseParser, text: string, size: number) {
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(...p.push(text.slice(i, i + size)));
  return out;
}

describe('SSE parser', () => {
  const stream =
    'event: step\nid: 1\ndata: {"a":1}\n\n: keep-alive\r\ndata: two\r\ndata: lines\r\n\r\nid: 3\rdata: x\r\r';
  const expected = [
    { type: 'step', id: '1', data: '{"a":1}' },
    { type: 'message', id: '1', data: 'two\nlines' },
    { type: 'message', id: '3', data: 'x' },
  ];

  it.each([1, 2, 3, 7, 1000])('reads LF, CRLF and CR line ends whatever the chunk size (%i)', (size) => {
    expect(feed(new SseParser(), stream, size)).toEqual(expected);
  });

  it('scans a 10 MB line sent in 64 KiB chunks once, and stops it past the cap with SseTooLong', () => {
    const p = new SseParser();
    const chunk = 'x'.repeat(64 * 1024);
    let fed = 0;
    let thrown: unknown;
    const started = performance.now();
    p.push('data: ');
    try {
      for (; fed < 10 * 1024 * 1024; fed += chunk.length) p.push(chunk);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SseTooLong);
    // Stopped within one chunk of the cap, having looked at each character once.
    expect(fed).toBeLessThanOrEqual(MAX_SSE_EVENT_CHARS + chunk.length);
    expect(p.scannedTotal).toBeLessThanOrEqual(fed + chunk.length + 'data: '.length);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('scans an uncapped 10 MB line linearly', () => {
    const p = new SseParser(Number.MAX_SAFE_INTEGER);
    const chunk = 'x'.repeat(64 * 1024);
    const total = 160 * chunk.length;
    p.push('data: ');
    for (let i = 0; i < 160; i++) expect(p.push(chunk)).toEqual([]);
    const [msg] = p.push('\n\n');
    expect(msg?.data.length).toBe(total);
    expect(p.scannedTotal).toBe(total + 'data: '.length + 2);
  });

  it('caps an event made of many short data lines too', () => {
    const p = new SseParser(1000);
    expect(() => feed(p, 'data: 0123456789\n'.repeat(200), 64)).toThrow(SseTooLong);
  });
});
