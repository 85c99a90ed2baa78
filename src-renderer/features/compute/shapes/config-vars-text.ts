/** Config vars as the zone sends them ({config_vars: {...}} or a bare map) and as KEY=value lines. */
import { isRecord } from '../../../lib/tolerant';

export const VAR_KEY = /^[A-Z_][A-Z0-9_]*$/;

export function varsOf(data: unknown): Record<string, string> {
  const map = isRecord(data) && isRecord(data.config_vars) ? data.config_vars : isRecord(data) ? data : {};
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

export function toLines(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
}

/** KEY=value per line; blank lines and # comments skipped; the value is everything after the first '='. */
export function fromLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (!t || t.startsWith('#')) continue;
    const i = t.indexOf('=');
    if (i < 0) out[t] = '';
    else out[t.slice(0, i).trim()] = t.slice(i + 1);
  }
  return out;
}
