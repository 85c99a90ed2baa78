/**
 * Generated command input for the fuzz test: a seeded PRNG (failures replay), random JSON, wrong
 * types, huge and deep values, dot segments and hostile path parameters, mostly shaped after the
 * command's own schema so calls get past the first check and reach the handler.
 */
import { ROUTES, pathParams } from '../../src-main/contract/routes';
import { HOSTILE_PARAM_VALUES } from './route-template';

/** A small, fast, seeded PRNG: the same seed gives the same inputs. */
export { mulberry32 } from '../../src-main/sandbox/dialect/prng';

type Rand = () => number;
const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

/**
 * Strings a page might send. No absolute path and no climb of more than one level: file commands
 * resolve relative paths from the test's home, which sits two folders deep in its temp folder.
 */
const STRINGS = [
  '',
  ' ',
  'a',
  'x@example.com',
  '..',
  '.',
  '%2e%2e',
  'a/b',
  '?x',
  '#',
  '~',
  '~/out.yaml',
  'Ünïcødé-名前-😀',
  '\u0000',
  '\r\nX: 1',
  '<script>',
  'http://127.0.0.1:9',
  'https://127.0.0.1:1',
  'javascript:alert(1)',
  'file:///etc/passwd',
  '__proto__',
  'constructor',
  '00000000-0000-4000-8000-000000000000',
  'x'.repeat(5000),
];
const KEYS = ['zone', 'id', 'name', 'operationId', 'params', 'query', 'body', 'path', 'dir', '__proto__', 'x'];

/**
 * A placeholder for `[[…]]` or `{"a":{"a":…}}` nested `depth` deep; wireText() expands it in the
 * JSON text, since JSON.stringify itself would overflow on such a value.
 */
function deep(depth: number, asObject: boolean): string {
  return `\u0001deep:${depth}:${asObject ? 'o' : 'a'}`;
}

/** A message as JSON text, with every deep placeholder expanded. */
export function wireText(msg: unknown): string {
  return JSON.stringify(msg).replace(/"\\u0001deep:(\d+):([oa])"/g, (_, n: string, kind: string) => {
    const depth = Number(n);
    return kind === 'o' ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
  });
}

/** Any JSON value, nesting at most `depth` more levels. */
export function randomJson(rand: Rand, depth = 3): unknown {
  const r = rand();
  if (depth <= 0 || r < 0.5) {
    return pick(rand, [
      null,
      true,
      false,
      0,
      -1,
      1.5,
      1e308,
      -0,
      Number.MAX_SAFE_INTEGER + 2,
      pick(rand, STRINGS),
      pick(rand, STRINGS),
      String.fromCodePoint(Math.floor(rand() * 0x10ffff) & 0xd7ff),
    ]);
  }
  if (r < 0.75) return Array.from({ length: Math.floor(rand() * 4) }, () => randomJson(rand, depth - 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(rand() * 4); i > 0; i--) o[pick(rand, KEYS)] = randomJson(rand, depth - 1);
  return o;
}

/** A value for a field named `key`: plausible most of the time, hostile or wrong-typed otherwise. */
function fieldValue(rand: Rand, key: string, zones: readonly string[]): unknown {
  const route = pick(rand, ROUTES);
  if (rand() < 0.2) return randomJson(rand);
  switch (key) {
    case 'zone':
      return rand() < 0.85 ? pick(rand, zones.length ? zones : ['none']) : pick(rand, STRINGS);
    case 'operationId':
      return rand() < 0.9 ? route.id : pick(rand, STRINGS);
    case 'params':
      return Object.fromEntries(pathParams(route).map((p) => [p, pick(rand, HOSTILE_PARAM_VALUES)]));
    case 'query':
      return { [pick(rand, STRINGS)]: pick(rand, [pick(rand, STRINGS), 1, true]) };
    case 'rememberDevice':
    case 'pick':
    case 'setCurrent':
      return rand() < 0.8;
    case 'scopes':
    case 'codes':
      return [pick(rand, STRINGS)];
    default:
      return pick(rand, STRINGS);
  }
}

/** The keys a zod object schema declares (none for anything else). */
function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

/** One input for a command whose schema is `schema`. */
export function fuzzInput(rand: Rand, schema: unknown, zones: readonly string[]): unknown {
  const keys = shapeKeys(schema);
  const r = rand();
  if (r < 0.15) return randomJson(rand);
  const input: Record<string, unknown> = {};
  for (const k of keys) if (rand() < 0.9) input[k] = fieldValue(rand, k, zones);
  const at = keys.length ? pick(rand, keys) : 'x';
  if (r < 0.22) input[at] = deep(64 + Math.floor(rand() * 5000), rand() < 0.5);
  else if (r < 0.27) input[at] = 'y'.repeat(256 * 1024 + Math.floor(rand() * 1024 * 1024));
  else if (r < 0.32) input[pick(rand, KEYS)] = randomJson(rand);
  return input;
}

export function randomCommandName(rand: Rand): string {
  return pick(rand, [
    '',
    'app',
    'app.info.x',
    '__proto__',
    'constructor',
    'toString',
    'x'.repeat(100_000),
    '../app.info',
  ]);
}
