/**
 * Matches a request path against the route table. Templates are compiled once; when several
 * templates match, the one with literal segments earliest wins (/api-clients/scopes beats
 * /api-clients/{id}) regardless of table order.
 */
import { ROUTES, type Route } from '../../contract/routes';

interface Compiled {
  route: Route;
  segments: (string | { param: string })[];
  /** One digit per segment: 1 literal, 0 parameter; larger string = more specific. */
  rank: string;
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: string[] };

function compile(route: Route): Compiled {
  const segments = route.path
    .split('/')
    .slice(1)
    .map((s) => {
      const m = /^\{(\w+)\}$/.exec(s);
      return m ? { param: m[1]! } : s;
    });
  return { route, segments, rank: segments.map((s) => (typeof s === 'string' ? '1' : '0')).join('') };
}

export function createRouter(routes: readonly Route[] = ROUTES) {
  const bySegCount = new Map<number, Compiled[]>();
  for (const c of routes.map(compile)) {
    const list = bySegCount.get(c.segments.length) ?? [];
    list.push(c);
    bySegCount.set(c.segments.length, list);
  }
  for (const list of bySegCount.values()) list.sort((a, b) => (a.rank < b.rank ? 1 : a.rank > b.rank ? -1 : 0));

  function tryMatch(c: Compiled, parts: string[]): Record<string, string> | undefined {
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      const seg = c.segments[i]!;
      const part = parts[i]!;
      if (typeof seg === 'string') {
        if (seg !== part) return undefined;
      } else {
        if (part === '') return undefined;
        try {
          params[seg.param] = decodeURIComponent(part);
        } catch {
          return undefined;
        }
      }
    }
    return params;
  }

  return {
    match(method: string, path: string): Match {
      const parts = path.split('/').slice(1);
      const candidates = bySegCount.get(parts.length) ?? [];
      const allow = new Set<string>();
      for (const c of candidates) {
        const params = tryMatch(c, parts);
        if (!params) continue;
        if (c.route.method === method) return { kind: 'found', route: c.route, params };
        allow.add(c.route.method);
      }
      return allow.size ? { kind: 'method_not_allowed', allow: [...allow] } : { kind: 'not_found' };
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
