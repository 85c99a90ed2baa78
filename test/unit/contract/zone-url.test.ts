import { describe, expect, it } from 'vitest';
import { checkBaseUrl, isCanonicalBaseUrl, isLoopbackHost } from '../../../src-main/contract/zone-url';
import { validateBaseUrl } from '../../../src-renderer/lib/zone-helpers';

const reason = (text: string) => {
  const r = checkBaseUrl(text);
  return r.ok ? null : r.reason;
};

describe('checkBaseUrl: the one rule for a zone address', () => {
  it('returns a canonical URL: lower-case host, no default port, no trailing slash', () => {
    expect(checkBaseUrl('  https://Zone-A.Example.com:443/ ')).toEqual({ ok: true, url: 'https://zone-a.example.com' });
    expect(checkBaseUrl('https://x.example.com/api/v1//')).toEqual({ ok: true, url: 'https://x.example.com/api/v1' });
    expect(checkBaseUrl('https://x.example.com:8443')).toEqual({ ok: true, url: 'https://x.example.com:8443' });
  });

  it('allows plain http only to this computer', () => {
    for (const ok of [
      'http://localhost:3000',
      'http://eu-1.sandbox.localhost:4000/',
      'http://127.0.0.1:8080',
      'http://127.1.2.3',
      'http://[::1]:3000',
    ]) {
      expect(checkBaseUrl(ok).ok, ok).toBe(true);
    }
    expect(reason('http://zone.example.com')).toMatch(/must use https:\/\//);
    expect(reason('http://10.0.0.1')).toMatch(/must use https:\/\//);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
  });

  it('refuses what is not an http(s) address, credentials, a query or a fragment', () => {
    expect(reason('eu-1')).toMatch(/is not a URL.*full address/);
    expect(reason('')).toMatch(/is not a URL/);
    expect(reason('ftp://x.example.com')).toMatch(/must start with https:\/\//);
    expect(reason('https://u:p@x.example.com')).toMatch(/user name or password/);
    expect(reason('https://u@x.example.com')).toMatch(/user name or password/);
    expect(reason('https://x.example.com/?a=1')).toMatch(/query/);
    expect(reason('https://x.example.com/?')).toMatch(/query/);
    expect(reason('https://x.example.com/#top')).toMatch(/fragment/);
    expect(reason('https://x.example.com/#')).toMatch(/fragment/);
  });

  it('knows a stored address by its canonical form', () => {
    expect(isCanonicalBaseUrl('https://a.example.com')).toBe(true);
    expect(isCanonicalBaseUrl('https://a.example.com/')).toBe(false);
    expect(isCanonicalBaseUrl('http://a.example.com')).toBe(false);
  });

  it('is the rule the add-zone form shows', () => {
    for (const text of ['https://a.example.com', 'http://a.example.com', 'eu-1', 'https://u:p@a.example.com']) {
      expect(validateBaseUrl(text)).toBe(reason(text));
    }
  });
});
