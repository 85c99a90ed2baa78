/** A reply's headers read from Node's record in place (zone-reply-parts.ts), as WHATWG Headers would answer. */
import { describe, expect, it } from 'vitest';
import { headerReader } from '../../../../src-main/agent/http/zone-reply-parts';

describe('headerReader', () => {
  const h = headerReader({
    'content-disposition': 'attachment; filename="eu-1.yaml"',
    'x-many': ['a', 'b'],
    'set-cookie': ['s=1; Path=/', 't=2; Path=/'],
  });

  it('finds a header whatever the case of the name asked, and says null for one not sent', () => {
    expect(h.get('Content-Disposition')).toBe('attachment; filename="eu-1.yaml"');
    expect(h.get('content-type')).toBeNull();
  });

  it('joins a repeated header as Headers#get does, and keeps Set-Cookie lines apart', () => {
    expect(h.get('x-many')).toBe('a, b');
    expect(h.getSetCookie()).toEqual(['s=1; Path=/', 't=2; Path=/']);
    expect(headerReader({ 'set-cookie': 'one=1' }).getSetCookie()).toEqual(['one=1']);
    expect(headerReader({}).getSetCookie()).toEqual([]);
  });
});
