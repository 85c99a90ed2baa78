/**
 * Dialect names and the seeded chooser. `standard` and `variant` are fixed; `seed:N` (N a whole
 * number below 2^32) picks one alternative per point from a small PRNG seeded with N, so the same
 * N always speaks the same way and a failing test can print what the zone spoke.
 */
import { POINT_NAMES, POINTS, STANDARD, VARIANT, type Choices, type DialectSpec } from './points';

export type Dialect = 'standard' | 'variant' | `seed:${number}`;

const SEED = /^seed:(\d{1,10})$/;

export function isDialect(v: unknown): v is Dialect {
  if (v === 'standard' || v === 'variant') return true;
  const m = typeof v === 'string' ? SEED.exec(v) : null;
  return m !== null && Number(m[1]) <= 0xffffffff;
}

export const DIALECT_HELP = 'standard, variant or seed:N (N a whole number below 2^32)';

/** mulberry32: tiny, fast and good enough to spread choices; deterministic per seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A zone answers writes the way its reads taught: a text/plain read takes raw text, a JSON one its own name. */
const WRITE_FOR_READ = {
  text: 'raw',
  json_content: 'json_content',
  json_text: 'json_text',
  json_data_content: 'json_content',
} as const;

export function seededSpec(seed: number): DialectSpec {
  const rand = prng(seed);
  const picked: Record<string, string> = {};
  for (const p of POINT_NAMES) {
    const alts = POINTS[p];
    picked[p] = alts[Math.floor(rand() * alts.length)]!;
  }
  const choices = picked as unknown as Choices;
  return {
    name: `seed:${seed}`,
    choices: { ...choices, fileWrite: WRITE_FOR_READ[choices.fileRead] },
    scope: 'open',
    strict: true,
  };
}

const cache = new Map<string, DialectSpec>();

/** The description of a dialect by name (memoised; unknown names read as standard). */
export function specOf(name: Dialect): DialectSpec {
  if (name === 'standard') return STANDARD;
  if (name === 'variant') return VARIANT;
  let spec = cache.get(name);
  if (!spec) {
    const m = SEED.exec(name);
    spec = m ? seededSpec(Number(m[1])) : STANDARD;
    cache.set(name, spec);
  }
  return spec;
}
