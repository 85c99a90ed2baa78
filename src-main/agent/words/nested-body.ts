/**
 * A body field the zone keeps nested, named by a dotted path (`spec.content`, `data.attributes.path`),
 * as a refusal that names a path teaches it (http/error-hints.ts nestedOf). A dotted name of a few
 * identifiers is a path into the JSON body; anything else is one flat key, as before. Copies are
 * made along the path only, without prototypes, so no name can reach one (#35).
 */
import { PROTO_KEYS } from '../../contract/zone-words';
import { isRecord } from '../../contract/tolerant';
import { MAX_NESTING } from '../http/error-hints';

type Box = Record<string, unknown>;

const SEGMENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The keys a body name walks: its dotted segments when it is a short path of identifiers, else itself. */
export function pathOf(name: string): string[] {
  const parts = name.split('.');
  const nested =
    parts.length > 1 && parts.length <= MAX_NESTING && parts.every((p) => SEGMENT.test(p) && !PROTO_KEYS.has(p));
  return nested ? parts : [name];
}

/** The last key of a body name: what the field is called where it sits. */
export const leafName = (name: string): string => pathOf(name).at(-1)!;

/** The value under a body name (nested when the name is a path); undefined when any step is missing. */
export function valueAtName(body: unknown, name: string): unknown {
  let at: unknown = body;
  for (const k of pathOf(name)) {
    if (!isRecord(at) || !Object.hasOwn(at, k)) return undefined;
    at = at[k];
  }
  return at;
}

const copy = (b: Box): Box => Object.assign(Object.create(null) as Box, b);

/** `box` without the value at `path`, boxes left empty by it dropped (copied along the path). */
function without(box: Box, path: readonly string[]): Box {
  const out = copy(box);
  const [k, ...rest] = path as [string, ...string[]];
  if (!rest.length || !isRecord(out[k])) {
    delete out[k];
    return out;
  }
  const inner = without(out[k] as Box, rest);
  if (Object.keys(inner).length) out[k] = inner;
  else delete out[k];
  return out;
}

/** `box` with `value` at `path`; undefined when a step of the path holds something other than a record. */
function withValue(box: Box, path: readonly string[], value: unknown): Box | undefined {
  const out = copy(box);
  const [k, ...rest] = path as [string, ...string[]];
  if (!rest.length) {
    out[k] = value;
    return out;
  }
  if (out[k] !== undefined && !isRecord(out[k])) return undefined;
  const inner = withValue(isRecord(out[k]) ? out[k] : {}, rest, value);
  if (!inner) return undefined;
  out[k] = inner;
  return out;
}

/**
 * The body with the field under `from` moved to `to`, either of them a path. A flat move keeps
 * the body's key order; a new box takes the place of the key it came from. Undefined when `to`
 * runs through a value that is not a record (the call then stays as it was).
 */
export function movedField(body: Box, from: string, to: string): Box | undefined {
  const src = pathOf(from);
  const dst = pathOf(to);
  const value = valueAtName(body, from);
  const moved = withValue(without(body, src), dst, value);
  if (!moved) return undefined;
  // Key order as sent: the moved field (or its new box) where the old key was.
  const out = Object.create(null) as Box;
  for (const k of Object.keys(body)) {
    const key = k === src[0] && src.length === 1 ? dst[0]! : k;
    if (Object.hasOwn(moved, key) && !Object.hasOwn(out, key)) out[key] = moved[key];
  }
  for (const k of Object.keys(moved)) if (!Object.hasOwn(out, k)) out[k] = moved[k];
  return out;
}
