/**
 * Config vars of a container or microVM, in whichever shape the zone answers (the spec leaves it
 * "not shown"): a map under config_vars | vars | env | environment | variables, a list of
 * {key|name, value} pairs under one of those, or the bare map or list. The shape the GET answered
 * is the shape the PUT writes, so a zone reads its own words back; what the zone says it kept is
 * compared with what was sent, so the person's edits are never lost to a reply.
 */
import { isRecord, type Raw } from '@contract/tolerant';
import type { CallWords } from '@contract/zone-words';
import { field, nameIn, valueIn } from '../../../shapes/words';

export const VARS = field('config_vars', 'config_vars', 'vars', 'env', 'environment', 'variables', 'configVars');
const KEY = field('key', 'key', 'name');
const VALUE = field('value', 'value', 'val');
const LIVE = field('applied_live', 'applied_live', 'appliedLive', 'live', 'applied');

export interface VarsShape {
  /** The envelope key, or undefined for a bare reply. */
  under: string | undefined;
  /** A map of KEY: value, or a list of pairs under these names. */
  form: 'map' | { key: string; value: string };
}

export const DEFAULT_SHAPE: VarsShape = { under: 'config_vars', form: 'map' };

export interface VarsRead {
  vars: Record<string, string>;
  shape: VarsShape;
  /** The shape came from the zone's own reply (not the default). */
  fromZone?: boolean;
}

const text = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v));

function fromList(list: unknown[]): { vars: Record<string, string>; form: VarsShape['form'] } | undefined {
  const pairs = list.filter(isRecord);
  if (pairs.length !== list.length) return undefined;
  const keyName = nameIn(pairs[0], KEY) ?? 'key';
  const valueName = nameIn(pairs[0], VALUE) ?? 'value';
  const vars: Record<string, string> = {};
  for (const p of pairs) {
    const k = valueIn(p, KEY);
    if (typeof k === 'string' && k !== '') vars[k] = text(valueIn(p, VALUE));
  }
  return { vars, form: { key: keyName, value: valueName } };
}

function fromMap(map: Raw): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, text(v)]));
}

/** The vars in a reply, and its shape; undefined when the reply holds none we can read. */
export function readVars(data: unknown): VarsRead | undefined {
  if (Array.isArray(data)) {
    const l = fromList(data);
    return l && { vars: l.vars, shape: { under: undefined, form: l.form } };
  }
  if (!isRecord(data)) return undefined;
  const under = nameIn(data, VARS);
  if (under !== undefined) {
    const inner = data[under];
    if (Array.isArray(inner)) {
      const l = fromList(inner);
      return l && { vars: l.vars, shape: { under, form: l.form } };
    }
    if (isRecord(inner)) return { vars: fromMap(inner), shape: { under, form: 'map' } };
    return undefined;
  }
  // A bare map: every value a scalar (a record with nested objects is not a var map).
  if (Object.values(data).every((v) => v === null || typeof v !== 'object'))
    return { vars: fromMap(data), shape: { under: undefined, form: 'map' } };
  return undefined;
}

/** The PUT body in the shape the zone answered. */
export function writeVars(vars: Record<string, string>, shape: VarsShape): unknown {
  const inner =
    shape.form === 'map'
      ? { ...vars }
      : Object.entries(vars).map(([k, v]) => ({
          [(shape.form as { key: string }).key]: k,
          [(shape.form as { value: string }).value]: v,
        }));
  return shape.under === undefined ? inner : { [shape.under]: inner };
}

/**
 * The words of the PUT for the agent: the envelope's role and other names, firm when the GET
 * answered in it (a zone that refuses the default envelope naming another is tried once with it).
 */
export function varsWords(shape: VarsShape, fromZone: boolean): CallWords | undefined {
  if (shape.under === undefined) return undefined;
  const alts = VARS.names.filter((n) => n !== shape.under);
  return { body: { [shape.under]: { role: VARS.role, alts, ...(fromZone ? { firm: true } : {}) } } };
}

/** Whether the zone says it applied the vars to the running instance (absent: unknown, not false). */
export function appliedLive(reply: unknown): boolean | undefined {
  const v = valueIn(reply, LIVE);
  return typeof v === 'boolean' ? v : undefined;
}

/** Keys whose value the zone kept differently from what was sent (missing, extra or changed). */
export function varsDiffer(sent: Record<string, string>, kept: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(sent), ...Object.keys(kept)]);
  return [...keys].filter((k) => sent[k] !== kept[k]);
}
