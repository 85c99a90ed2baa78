import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src-main/agent/log';
import { isSensitiveKey, LIMITS, maskText, REDACTED, sanitize } from '../../../../src-main/agent/log/redact';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c3ItMSIsImVtYWlsIjoiZGV2QGV4YW1wbGUuY29tIn0.c2lnbmF0dXJlLWJ5dGVz';
const OPAQUE = 'rt_Q2x1c3Rlck9uZTIwMjRfc2VjcmV0X3JlZnJlc2hUb2tlbg';

/** A logger whose lines land in an array, parsed. */
function capture(level: 'debug' | 'info' = 'debug') {
  const lines: string[] = [];
  const log = createLogger({ level, sink: { write: (l) => lines.push(l) }, now: () => new Date(0) });
  return { log, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('redaction at the logger', () => {
  it('knows credential-looking keys in any case and spelling, and leaves ordinary ones', () => {
    for (const k of [
      'access_token',
      'refresh_token',
      'token',
      'id_token',
      'client_secret',
      'clientSecret',
      'password',
      'Cookie',
      'set-cookie',
      'Authorization',
      'code',
      'recovery_codes',
      'mfaCode',
      'challenge',
      'apiKey',
      'X-Api-Key',
      'platform_device',
      'private_key',
    ]) {
      expect(isSensitiveKey(k), k).toBe(true);
    }
    for (const k of [
      'zone',
      'route',
      'status',
      'error',
      'message',
      'email',
      'expiresIn',
      'baseUrl',
      'errorCode',
      'sid',
      'dir',
    ]) {
      expect(isSensitiveKey(k), k).toBe(false);
    }
  });

  it('replaces credential fields at any depth, inside arrays too, and keeps the rest', () => {
    const { log, parsed } = capture();
    log.info('reply', {
      zone: 'eu-1',
      body: {
        access_token: 'a-token',
        user: { name: 'dev', password: 'hunter2', nested: { deeper: { client_secret: 'zds_x' } } },
      },
      list: [{ refresh_token: 'r1' }, { cookie: 'platform_device=abc' }],
      recovery_codes: ['rc-1', 'rc-2'],
      code: 123456,
      memorySecrets: true,
    });
    const [line] = parsed();
    expect(line).toMatchObject({
      level: 'info',
      component: 'agent',
      msg: 'reply',
      zone: 'eu-1',
      body: {
        access_token: REDACTED,
        user: { name: 'dev', password: REDACTED, nested: { deeper: { client_secret: REDACTED } } },
      },
      list: [{ refresh_token: REDACTED }, { cookie: REDACTED }],
      recovery_codes: REDACTED,
      code: REDACTED, // a number may be a one-time code
      memorySecrets: true, // a yes/no under such a name tells nothing
    });
    const text = JSON.stringify(line);
    for (const secret of ['a-token', 'hunter2', 'zds_x', 'r1', 'abc', 'rc-1']) expect(text).not.toContain(secret);
  });

  it('masks bearer tokens, JWTs, cookies and credential pairs in message text and string values', () => {
    const { log, lines } = capture();
    log.warn(`zone said: Authorization: Bearer ${OPAQUE} was refused`);
    log.warn('decoded', { note: `id token ${JWT} for dev` });
    log.warn('header', { raw: `Cookie: platform_device=${OPAQUE}; theme=dark` });
    log.warn('reply text', { text: `{"error":"bad","refresh_token":"${OPAQUE}","codes":["a1","b2"]}` });
    log.warn(`redirected to https://zone.example.com/cb?code=abc123&state=ok&access_token=${OPAQUE}`);
    log.warn('set', { line: `platform_device=${OPAQUE}; Path=/; HttpOnly` });
    const all = lines.join('\n');
    expect(all).not.toContain(OPAQUE);
    expect(all).not.toContain(JWT.split('.')[1]);
    expect(all).not.toContain('abc123');
    expect(all).not.toContain('"a1"');
    expect(all).toContain(`Bearer ${REDACTED}`);
    expect(all).toContain('[redacted-jwt]');
    expect(all).toContain('state=ok'); // what is not a credential stays readable
    expect(all).toContain('\\"error\\":\\"bad\\"');
  });

  it('keeps UUIDs and ordinary words, which are what make a log useful', () => {
    const id = '3f2b8c1e-9d4a-4b7e-8f00-123456789abc';
    expect(maskText(`container ${id} in zone eu-1 is running`)).toBe(`container ${id} in zone eu-1 is running`);
  });

  it('bounds long strings, deep objects, wide objects, long arrays and cycles', () => {
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 20; i++) at = (at.next = {}) as Record<string, unknown>;
    const wide = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i]));
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const out = sanitize({
      s: 'x'.repeat(1_000_000),
      deep,
      wide,
      arr: Array.from({ length: 10_000 }, (_, i) => i),
      cyclic,
    }) as Record<string, unknown>;
    expect((out.s as string).length).toBeLessThan(LIMITS.string + 40);
    expect(JSON.stringify(out.deep)).toContain('[depth]');
    expect(Object.keys(out.wide as object).length).toBe(LIMITS.keys + 1);
    expect((out.arr as unknown[]).length).toBe(LIMITS.items + 1);
    expect((out.cyclic as Record<string, unknown>).self).toBe('[circular]');
  });

  it('keeps a whole line small whatever a hostile reply holds, and never throws', () => {
    const { log, lines } = capture();
    const hostile = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'y'.repeat(5000)]));
    log.error('x'.repeat(100_000), hostile);
    log.error('bigint and symbols', { n: 10n, s: Symbol('s'), f: () => 1, buf: Buffer.alloc(4096) });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.length).toBeLessThanOrEqual(16 * 1024 + 200);
    expect(JSON.parse(lines[1]!)).toMatchObject({ n: '10', buf: '[4096 bytes]' });
  });

  it('logs errors with status and code but no stack for a zone answer, and a masked stack for a bug', () => {
    const { log, parsed } = capture();
    const answer = Object.assign(new Error(`token ${OPAQUE} expired`), { status: 401, code: 'invalid_token' });
    log.warn('refused', { err: answer });
    log.error('bug', { err: new TypeError('x is undefined') });
    const [a, b] = parsed() as [Record<string, Record<string, unknown>>, Record<string, Record<string, unknown>>];
    expect(a.err).toMatchObject({
      name: 'Error',
      status: 401,
      code: 'invalid_token',
      message: `token ${REDACTED} expired`,
    });
    expect(a.err!.stack).toBeUndefined();
    expect(b.err).toMatchObject({ name: 'TypeError', message: 'x is undefined' });
    expect(String(b.err!.stack)).toContain('redact.test.ts');
  });

  it('filters by level and keeps reserved keys from being overwritten', () => {
    const { log, parsed } = capture('info');
    log.debug('hidden');
    log.child('session', { zone: 'eu-1' }).info('shown', { msg: 'field', level: 'field' });
    expect(parsed()).toEqual([
      {
        time: '1970-01-01T00:00:00.000Z',
        level: 'info',
        component: 'session',
        msg: 'shown',
        zone: 'eu-1',
        _msg: 'field',
        _level: 'field',
      },
    ]);
  });
});
