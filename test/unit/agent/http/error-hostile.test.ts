/**
 * A hostile zone's refusal (#35): whatever the body, the reader never throws, keeps only safe
 * identifiers (never `__proto__`, `constructor`, `prototype`, nor as a dotted segment), at most
 * MAX_EXPECTED of them, and walks a bounded part of it: a few hundred nodes, a few levels deep.
 */
import { describe, expect, it } from 'vitest';
import { MAX_EXPECTED, readErrorBody } from '../../../../src-main/agent/http/error-body';
import { fieldHints } from '../../../../src-main/agent/http/error-fields';
import { errorFromResponse } from '../../../../src-main/agent/http/error-map';
import { isWordName } from '../../../../src-main/contract/zone-words';
import { mulberry32, randomJson } from '../../../support/fuzz-values';

const ERROR_KEYS = [
  'error',
  'errors',
  'details',
  'detail',
  'message',
  'field',
  'param',
  'target',
  'loc',
  'source',
  'pointer',
  'code',
  'type',
  'fieldViolations',
  'causes',
  'invalid-params',
  'name',
  'missing',
  '__proto__',
  'constructor',
];
const HOSTILE = [
  '__proto__',
  'constructor',
  'prototype',
  'a.__proto__',
  '__proto__.polluted',
  'constructor.prototype',
  "missing required field '__proto__'",
  'select it with the query parameter constructor, e.g. ?constructor=1',
  '?__proto__=1&prototype=2',
  'prototype_required',
  'missing___proto__',
  'unknown field x; use __proto__',
  '/data/attributes/__proto__',
  'x'.repeat(5000),
  "'".repeat(3000),
];

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

/** An error-shaped value: error keys, hostile names and sentences, any JSON below. */
function errorish(rand: Rand, depth: number): unknown {
  const r = rand();
  if (depth <= 0 || r < 0.3) return rand() < 0.6 ? pick(rand, HOSTILE) : randomJson(rand, 2);
  if (r < 0.5) return Array.from({ length: Math.floor(rand() * 5) }, () => errorish(rand, depth - 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(rand() * 5); i > 0; i--)
    Object.defineProperty(o, pick(rand, ERROR_KEYS), {
      value: errorish(rand, depth - 1),
      enumerable: true,
      configurable: true,
    });
  return o;
}

describe('a hostile refusal', () => {
  it('never throws, never yields a prototype key or a non-identifier, never pollutes a prototype (fuzz)', () => {
    const rand = mulberry32(3435);
    for (let i = 0; i < 2000; i++) {
      const body = errorish(rand, 5);
      const read = readErrorBody(body);
      const hints = fieldHints(body);
      expect(read.expected.length).toBeLessThanOrEqual(MAX_EXPECTED);
      for (const h of hints) expect(isWordName(h.name), JSON.stringify(h)).toBe(true);
      const err = errorFromResponse(422, JSON.stringify(body) ?? '', 'application/json').toJSON();
      for (const n of (err.details?.expected as string[] | undefined) ?? []) expect(isWordName(n)).toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('a refusal naming only prototype keys names nothing', () => {
    for (const bad of ['__proto__', 'constructor', 'prototype']) {
      expect(
        readErrorBody({ error: 'validation_failed', field: bad, message: `missing required field '${bad}'` }).expected,
      ).toEqual([]);
      expect(
        readErrorBody({
          error: `${bad}_required`,
          message: `select it with the query parameter ${bad}, e.g. ?${bad}=1`,
        }).expected,
      ).toEqual([]);
      expect(readErrorBody({ errors: [{ source: { pointer: `/data/attributes/${bad}` } }] }).expected).toEqual([]);
      expect(readErrorBody(JSON.parse(`{"${bad}": ["This field is required."]}`)).expected).toEqual([]);
    }
  });

  it('walks a bounded part of a wide body: not every entry of 10,000', () => {
    let reads = 0;
    const counted = (r: Record<string, unknown>) =>
      new Proxy(r, {
        get(t, k) {
          reads++;
          return Reflect.get(t, k);
        },
      });
    const body = {
      errors: Array.from({ length: 10_000 }, (_, i) =>
        counted({ field: `f${i}`, code: 'required', message: 'is required' }),
      ),
    };
    // Bounded by what it reads (counted below), not by a clock a loaded machine can miss.
    const read = readErrorBody(body);
    expect(read.expected).toHaveLength(MAX_EXPECTED);
    // A few hundred entries' keys at most, far from 10,000 × their keys.
    expect(reads).toBeLessThan(20_000);
  });

  it('survives a body nested thousands deep (built in memory, past the JSON depth check) and a huge message', () => {
    let deep: Record<string, unknown> = { field: 'deepest' };
    for (let i = 0; i < 5000; i++) deep = { errors: [deep], error: { details: deep }, detail: [deep] };
    const t0 = performance.now();
    expect(() => fieldHints(deep)).not.toThrow();
    expect(fieldHints(deep).map((h) => h.name)).not.toContain('deepest');
    let map: Record<string, unknown> = { name: ['This field is required.'] };
    for (let i = 0; i < 5000; i++) map = { [`k${i}`]: map };
    expect(() => fieldHints({ errors: map })).not.toThrow();
    expect(() => fieldHints(map)).not.toThrow();
    const huge = `name is required. ${"unknown field 'x'; ".repeat(200_000)}`;
    expect(readErrorBody({ message: huge }).expected).toEqual(['name']);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
