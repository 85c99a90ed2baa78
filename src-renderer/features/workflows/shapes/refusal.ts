/**
 * The field or parameter names a zone's 400/422 refusal says it expected. The agent reads them out
 * of any error body into details.expected; a zone's own details may also carry field/param/
 * parameter/target/missing, read here too, so a form can show the refusal beside the right field.
 */
import type { AgentErrorData } from '@contract/errors';
import { isRecord } from '@contract/tolerant';
import type { FieldWords } from '../../../shapes/words';

const NAME = /^[A-Za-z_][\w.-]{0,63}$/;

export function expectedNames(err: AgentErrorData): string[] {
  const d = isRecord(err.details) ? err.details : {};
  const out: unknown[] = [];
  for (const k of ['expected', 'field', 'param', 'parameter', 'target', 'missing', 'fields']) {
    const v = d[k];
    if (Array.isArray(v)) out.push(...v);
    else out.push(v);
  }
  const names = out.filter((n): n is string => typeof n === 'string' && NAME.test(n));
  return [...new Set(names)].slice(0, 20);
}

const tokens = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Which of `fields` a refused name means: one of its names, else a shared word (expected_output ~ expected). */
export function fieldMeant<K extends string>(name: string, fields: Readonly<Record<K, FieldWords>>): K | undefined {
  const keys = Object.keys(fields) as K[];
  const exact = keys.find((k) => fields[k].names.includes(name));
  if (exact) return exact;
  const t = new Set(tokens(name));
  return keys.find((k) => fields[k].names.some((n) => tokens(n).some((x) => t.has(x))));
}
