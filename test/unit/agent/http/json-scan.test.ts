/**
 * isPassableJson (json-scan.ts) against what it stands in for: a reply it passes must be one the
 * old path (decode, parse, depth check, JSON.stringify, the page's parse) gives the page unchanged.
 * Hostile bodies by hand, then random values and random damage to them, checked against that oracle.
 */
import { describe, expect, it } from 'vitest';
import { isPassableJson } from '../../../../src-main/agent/http/json-scan';
import { jsonTooDeep } from '../../../../src-main/agent/http/reply-bounds';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const bytes = (s: string | number[]) => (typeof s === 'string' ? Buffer.from(s) : Uint8Array.from(s));
const passes = (s: string | number[]) => isPassableJson(bytes(s));

/** Deep equality with Object.is on leaves (so -0 and 0 differ, as a page could tell). */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k, i) => k === kb[i] && same((a as never)[k], (b as never)[k]));
}

/** What the old path says: valid UTF-8, one JSON value, not too deep, and given back unchanged by stringify. */
function oracle(b: Uint8Array): boolean {
  let text: string;
  let value: unknown;
  try {
    text = strict.decode(b);
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (jsonTooDeep(text)) return false;
  return same(JSON.parse(JSON.stringify(value)), value);
}

describe('isPassableJson', () => {
  it('passes every kind of JSON value, with any whitespace around and inside', () => {
    for (const ok of [
      '{}',
      '[]',
      ' \t\r\n{ "a" : [ 1 , -2.5e-3 , true , false , null , "x" , { } , [ ] ] }\n',
      '"a string"',
      '0',
      '-1',
      '1E+2',
      '1e-400',
      '"\\u00e9\\ud83d\\ude00 \\" \\\\ \\/ \\b \\f \\n \\r \\t"',
      '"héllo 😀 ✓"',
      '{"__proto__": {"x": 1}, "a": 1, "a": 2}',
    ])
      expect([ok, passes(ok)]).toEqual([ok, true]);
  });

  it('refuses anything that is not exactly one value: trailing bytes, frame breakers, two values, nothing', () => {
    for (const bad of [
      '',
      ' ',
      '1}',
      '{}}',
      '{"a":1}}',
      '1 2',
      '{} {}',
      '[1]]',
      '"a"x',
      'nul',
      'truex',
      '{"a":1,}',
      '[1,]',
      '[,1]',
      '{,}',
      '{"a"}',
      '{"a" 1}',
      '{1:2}',
      "{'a':1}",
      '01',
      '1.',
      '.5',
      '+1',
      '-',
      '1e',
      '1e+',
      'NaN',
      'Infinity',
      '"\\x"',
      '"\\u12"',
      '"\\u12G4"',
      '"unterminated',
      '"a\nb"',
      '"tab\there"',
      '\ufeff{}',
      '{"a":1',
    ]) {
      expect([bad, passes(bad)]).toEqual([bad, false]);
    }
  });

  it('refuses numbers the old path would not give back as written: ±Infinity, -0, very long ones', () => {
    for (const bad of ['1e400', '-1e400', '[1e309]', '-0', '-0.0', '-0e3', '-1e-400', '9'.repeat(400)])
      expect([bad, passes(bad)]).toEqual([bad, false]);
    for (const ok of ['0', '0.0', '-0.5', '1e308', '-1e308', '1e-400', '123456789012345678901234567890'])
      expect([ok, passes(ok)]).toEqual([ok, true]);
  });

  it('bounds nesting at 64 levels, without recursion however deep the body goes', () => {
    const nest = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(passes(nest(64))).toBe(true);
    expect(passes(nest(65))).toBe(false);
    expect(passes('{"a":'.repeat(64) + '1' + '}'.repeat(64))).toBe(true);
    expect(passes('{"a":'.repeat(65) + '1' + '}'.repeat(65))).toBe(false);
    expect(passes(nest(1_000_000))).toBe(false);
    expect(passes('['.repeat(1_000_000))).toBe(false);
    expect(passes(`{"a":"${'['.repeat(500)}"}`)).toBe(true); // brackets in a string are text
  });

  it('refuses invalid UTF-8 (a text frame of it would fail the page socket) and anything non-ASCII outside a string', () => {
    const q = 0x22;
    for (const bad of [
      [q, 0xff, q], // never valid
      [q, 0xc0, 0xaf, q], // overlong "/"
      [q, 0xe0, 0x80, 0xaf, q], // overlong, three bytes
      [q, 0xed, 0xa0, 0x80, q], // a UTF-16 surrogate written as UTF-8
      [q, 0xf4, 0x90, 0x80, 0x80, q], // past U+10FFFF
      [q, 0xe2, 0x9c, q], // cut short
      [q, 0x80, q], // a lone continuation byte
      [q, 0xf0, 0x9f, 0x98, q], // four-byte cut short
      [0xc3, 0xa9], // é outside a string
    ])
      expect([bad, passes(bad)]).toEqual([bad, false]);
    expect(passes([q, 0xc3, 0xa9, 0xe2, 0x9c, 0x93, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbf, 0xbf, q])).toBe(true);
  });

  it('passes lone surrogates written as \\u escapes, which the page decodes as the old path gave them', () => {
    for (const s of ['"\\ud800"', '"\\udfff x"', '["\\ude00\\ud83d"]']) {
      expect(passes(s)).toBe(true);
      expect(same(JSON.parse(s), JSON.parse(JSON.stringify(JSON.parse(s))))).toBe(true);
    }
  });

  it('agrees with the old path on random values and on random damage to them', () => {
    let seed = 0x2545f491;
    const rnd = (n: number) => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return (seed >>> 0) % n;
    };
    const leaves = [
      '0',
      '-0',
      '7',
      '-3.25',
      '1e5',
      '2E-3',
      '1e999',
      'true',
      'false',
      'null',
      '"x"',
      '"é😀"',
      '"\\ud800"',
      '"\\n\\u0041"',
      '""',
    ];
    const value = (depth: number): string => {
      const k = rnd(depth > 6 ? 1 : 4);
      if (k === 0) return leaves[rnd(leaves.length)]!;
      const n = rnd(4);
      const items = Array.from({ length: n }, () => value(depth + 1));
      return k === 1
        ? `{${items.map((v, i) => `"k${i}"${rnd(2) ? ' ' : ''}:${v}`).join(',')}}`
        : `[${items.join(rnd(2) ? ', ' : ',')}]`;
    };
    const noise = [
      0x22, 0x2c, 0x3a, 0x5b, 0x5d, 0x7b, 0x7d, 0x5c, 0x20, 0x0a, 0x30, 0x2d, 0x65, 0x2e, 0x80, 0xc3, 0xed, 0xff, 0x00,
    ];
    let passed = 0;
    for (let round = 0; round < 4000; round++) {
      const b = Array.from(Buffer.from(value(0)));
      for (let m = round % 4; m > 0; m--) {
        const at = rnd(b.length + 1);
        const kind = rnd(3);
        if (kind === 0) b.splice(at, 1);
        else if (kind === 1) b.splice(at, 0, noise[rnd(noise.length)]!);
        else b[Math.min(at, b.length - 1)] = noise[rnd(noise.length)]!;
      }
      const u = Uint8Array.from(b);
      const want = oracle(u);
      if (isPassableJson(u) !== want) expect([Buffer.from(u).toString('latin1'), !want]).toEqual([null, want]);
      if (want) passed++;
    }
    expect(passed).toBeGreaterThan(800); // the corpus is not all refusals
  });
});
