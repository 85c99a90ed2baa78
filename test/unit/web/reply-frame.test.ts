/** passedReplyFrame: a zone's JSON bytes put into a reply frame the page parses as the old path's reply. */
import { describe, expect, it } from 'vitest';
import { PassedJson } from '../../../src-main/agent/http/passed-json';
import { passedReplyFrame } from '../../../src-main/web/reply-frame';

const body = Buffer.from(' {"items":[{"id":"a","name":"é \\"}}\\u2028"}],"n":1} ');

describe('passedReplyFrame', () => {
  it('writes the reply around the bytes: the page parses the same value as JSON.stringify of the parsed reply', () => {
    const data = new PassedJson(body);
    for (const result of [{ status: 200, data }, { status: 200, data, next: 'c"2', nextParam: 'cursor' }, { data }]) {
      const frame = passedReplyFrame(7, { ok: true, result });
      const plain = { t: 'reply', id: 7, ok: true, result: { ...result, data: JSON.parse(body.toString()) } };
      expect(JSON.parse(frame!.toString())).toEqual(JSON.parse(JSON.stringify(plain)));
    }
  });

  it('leaves every other reply to the usual path', () => {
    expect(passedReplyFrame(1, { ok: true, result: { status: 200, data: { items: [] } } })).toBeUndefined();
    expect(passedReplyFrame(1, { ok: true, result: null })).toBeUndefined();
    expect(passedReplyFrame(1, { ok: true, result: 'text' })).toBeUndefined();
    expect(passedReplyFrame(1, { ok: false, error: { status: 0, code: 'validation', message: 'no' } })).toBeUndefined();
  });

  it('stands for its value wherever else it is written (toJSON)', () => {
    expect(JSON.stringify({ data: new PassedJson(body) })).toBe(JSON.stringify({ data: JSON.parse(body.toString()) }));
  });
});
