import { describe, expect, it } from 'vitest';
import {
  BodyTooLarge,
  jsonTooDeep,
  parseJsonReply,
  readBoundedBytes,
} from '../../../../src-main/agent/http/reply-bounds';
import { errorFromResponse } from '../../../../src-main/agent/http/error-map';

const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** A body arriving in chunks of `size` bytes, as a socket hands it over. */
async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
  const all = Buffer.from(text);
  for (let i = 0; i < all.length; i += size) yield all.subarray(i, i + size);
}
const read = (text: string, size: number, known?: Buffer, max = 1_000) =>
  readBoundedBytes(chunked(text, size), NaN, max, () => {}, known);

describe('reply bounds', () => {
  it('measures nesting in one pass, ignoring brackets inside strings', () => {
    expect(jsonTooDeep(nest(64))).toBe(false);
    expect(jsonTooDeep(nest(65))).toBe(true);
    expect(jsonTooDeep(`{"a": "${'['.repeat(500)}", "b": "\\"[[[[", "c": [1, {"d": []}]}`)).toBe(false);
    expect(jsonTooDeep(`{"a": ${nest(10)}, "b": ${nest(10)}}`, 11)).toBe(false);
  });

  it('reads JSON, and refuses what is too deep or not JSON with zone_reply_invalid', () => {
    expect(parseJsonReply('{"items": [1]}', 200)).toEqual({ items: [1] });
    expect(() => parseJsonReply(nest(5000), 200)).toThrow(/nested too deeply/);
    expect(() => parseJsonReply('<html>', 200)).toThrow(expect.objectContaining({ code: 'zone_reply_invalid' }));
  });

  it('drops a deep error body from the details, keeping status and a sentence', () => {
    const err = errorFromResponse(502, `{"error": "x", "deep": ${nest(5000)}}`, 'application/json');
    expect(err.toJSON()).toEqual({
      status: 502,
      code: 'http_502',
      message: 'The zone’s gateway failed to answer. The zone’s error reply was nested too deeply to show.',
      details: { bodyDropped: 'too_deep' },
    });
  });

  it('answers a body byte for byte the same as the one known with that very buffer, and any other with its own bytes', async () => {
    const known = Buffer.from('[{"id":"c1"},{"id":"c2"}]');
    expect(await read(known.toString(), 4, known)).toBe(known);
    for (const other of [
      '[{"id":"c1"},{"id":"c3"}]',
      '[{"id":"c1"}]',
      '[{"id":"c1"},{"id":"c2"},{"id":"c3"}]',
      '[{"id":"c1"},',
    ]) {
      for (const size of [1, 5, 64]) {
        const got = await read(other, size, known);
        expect(got).not.toBe(known);
        expect(got.toString()).toBe(other);
      }
    }
    expect((await read('abc', 2)).toString()).toBe('abc');
    await expect(read('x'.repeat(20), 4, Buffer.from('x'.repeat(20)), 10)).rejects.toBeInstanceOf(BodyTooLarge);
  });
});
