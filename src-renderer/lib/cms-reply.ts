/**
 * A CMS command's reply read tolerantly. The sandbox answers `{exit_code, output}` (docs/sandbox.md);
 * the spec leaves the shape "not shown", so other likely names are read too: code/exitCode/status,
 * stdout and stderr, or a bare string (taken as output with exit code 0).
 */
import { isRecord } from './tolerant';

export interface CmsReply {
  /** The exit code, or undefined when the zone did not say one. */
  exitCode: number | undefined;
  output: string;
  /** Passed: exit code 0, or no exit code and no `ok: false`/`success: false`. */
  ok: boolean;
}

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  return undefined;
}

function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join('\n');
  return undefined;
}

export function readCmsReply(data: unknown): CmsReply {
  if (typeof data === 'string') return { exitCode: 0, output: data, ok: true };
  if (!isRecord(data)) return { exitCode: undefined, output: data == null ? '' : JSON.stringify(data), ok: true };
  const r = isRecord(data.result) ? data.result : data;
  let exitCode: number | undefined;
  for (const k of ['exit_code', 'exitCode', 'code', 'status', 'return_code', 'returncode']) {
    exitCode = numberOf(r[k]);
    if (exitCode !== undefined) break;
  }
  const joined = [textOf(r.stdout), textOf(r.stderr)].filter((t) => t !== undefined && t !== '').join('\n');
  const output = textOf(r.output) ?? textOf(r.text) ?? textOf(r.log) ?? joined;
  const flag = typeof r.ok === 'boolean' ? r.ok : typeof r.success === 'boolean' ? r.success : undefined;
  const ok = exitCode !== undefined ? exitCode === 0 : flag !== false;
  return { exitCode, output, ok };
}
