/** Filling a route's path template safely, and the parameters it names. */
import { AGENT_CODES, AgentError } from './errors';
import type { Route } from './route-types';

/**
 * Fill a path template; every value is URI-encoded so a parameter cannot add a path segment. Dot
 * segments (`.`, `..`, also percent-encoded) and empty values are refused: encodeURIComponent
 * leaves them as they are, and URL normalisation would drop a segment and leave the table.
 */
export function fillPath(route: Route, params: Readonly<Record<string, string>>): string {
  if (!route.path.includes('{')) return route.path; // most reads: nothing to fill, no regex per call
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    const problem = pathParamProblem(v);
    if (problem) {
      throw new AgentError({
        status: 0,
        code: AGENT_CODES.validation,
        message: `Invalid input for ${route.id} — ${v ? `params.${name}: ${problem}` : `missing path parameter "${name}"`}.`,
        details: { fields: { [`params.${name}`]: problem } },
      });
    }
    return encodeURIComponent(v!);
  });
}

/** Why a value cannot be a path segment, or undefined when it can. */
export function pathParamProblem(v: string | undefined): string | undefined {
  if (v === undefined || v === '') return 'Required';
  if (isDotSegment(v)) return 'A path parameter cannot be “.” or “..”';
  return undefined;
}

/**
 * Whether a value is `.` or `..` as it stands or after percent-decoding, as often as a server or
 * proxy might decode it (`%2e`, `%252e%252e`, …), whoever the caller.
 */
function isDotSegment(v: string): boolean {
  let s = v;
  for (let i = 0; i < 8; i++) {
    if (/^\.{1,2}$/.test(s)) return true;
    if (!/%[0-9a-f]{2}/i.test(s)) return false;
    let next: string;
    try {
      next = decodeURIComponent(s);
    } catch {
      // A stray escape stops a strict decoder: decode only the escaped dots, as a lenient one would.
      next = s.replace(/%2e/gi, '.').replace(/%25/g, '%');
    }
    if (next === s) return false;
    s = next;
  }
  return true; // still decoding after eight rounds: no id is built like that
}

export function pathParams(route: Route): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
