import { describe, expect, it } from 'vitest';
import { jsonTooDeep, parseJsonReply } from '../../../../src-main/agent/http/reply-bounds';
import { errorFromResponse } from '../../../../src-main/agent/http/error-map';

const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);

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
});
