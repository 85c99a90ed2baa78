/**
 * Dialect names and the seeded chooser. `standard`, `variant` and `prose` are fixed; `seed:N` (N a whole
 * number below 2^32) picks one alternative per point from a small PRNG seeded with N, so the same
 * N always speaks the same way and a failing test can print what the zone spoke.
 */
import { mulberry32 } from './prng';
import { POINT_NAMES, POINTS, STANDARD, VARIANT, type Choices, type DialectSpec } from './points';
import { randomSpec } from './random';
import { isStyleName, STYLE_NAMES, styleSpecOf, type StyleName } from './styles';

export type Dialect = 'standard' | 'variant' | 'prose' | `seed:${number}` | `random:${number}` | `style:${StyleName}`;

const SEED = /^seed:(\d{1,10})$/;
/** `random:N`: seed:N's choices with every open key renamed to seeded random identifiers (random.ts). */
const RANDOM = /^random:(\d{1,10})$/;

export function isDialect(v: unknown): v is Dialect {
  if (v === 'standard' || v === 'variant' || v === 'prose') return true;
  if (typeof v === 'string' && v.startsWith('style:')) return isStyleName(v.slice(6));
  const m = typeof v === 'string' ? (SEED.exec(v) ?? RANDOM.exec(v)) : null;
  return m !== null && Number(m[1]) <= 0xffffffff;
}

export const DIALECT_HELP = `standard, variant, prose, seed:N, random:N (N a whole number below 2^32) or ${STYLE_NAMES.map((s) => `style:${s}`).join(', ')}`;

/**
 * The fixed `prose` dialect: standard's words, but skill files selected by `name`, and refusals
 * as real zones write them: a `<field>_required` code and a sentence (errors.ts prose), no list of
 * expected names. Its error shape is beyond the seeded alternatives of points.ts on purpose.
 */
const PROSE: DialectSpec = {
  name: 'prose',
  choices: { ...STANDARD.choices, filePath: 'name', errorShape: 'prose' as string as Choices['errorShape'] },
  scope: 'open',
  strict: true,
};

/** A zone answers writes the way its reads taught: a text/plain read takes raw text, a JSON one its own name. */
const WRITE_FOR_READ = {
  text: 'raw',
  json_content: 'json_content',
  json_text: 'json_text',
  json_data_content: 'json_content',
} as const;

export function seededSpec(seed: number): DialectSpec {
  const rand = mulberry32(seed);
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
  if (name === 'prose') return PROSE;
  if (name.startsWith('style:')) return isStyleName(name.slice(6)) ? styleSpecOf(name.slice(6) as StyleName) : STANDARD;
  let spec = cache.get(name);
  if (!spec) {
    const m = SEED.exec(name);
    const r = RANDOM.exec(name);
    spec = m ? seededSpec(Number(m[1])) : r ? randomSpec(Number(r[1]), seededSpec(Number(r[1]))) : STANDARD;
    cache.set(name, spec);
  }
  return spec;
}
