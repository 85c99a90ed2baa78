/**
 * Whether a request path lies inside the route table: the route's template with exactly one
 * segment per parameter (and, when the values are known, each segment decoding to its value).
 * Shared by the route-path tests and the fuzz test, which match what a hostile zone recorded.
 */
import { ROUTES, type Route, pathParams } from '../../src-main/contract/routes';

/** Values a compromised page might try as path parameters. */
export const HOSTILE_PARAM_VALUES = [
  '..',
  '.',
  '%2e%2e',
  '%2E.',
  'a/b',
  '../../admin',
  '?x=1',
  '#frag',
  'a;b',
  'a\\b',
  ' ',
  'Ünïcødé-名前-😀',
  '\u0000',
  '\r\nX-Injected: 1',
  'x'.repeat(512),
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templateRegex(route: Route): RegExp {
  const parts = route.path.split(/\{\w+\}/).map(escape);
  return new RegExp(`^${parts.join('([^/?#]+)')}$`);
}

/** The path (no query) matches `route`; with `params`, each segment decodes to its value. */
export function matchesTemplate(route: Route, path: string, params?: Record<string, string>): boolean {
  const m = templateRegex(route).exec(path);
  if (!m) return false;
  if (!params) return true;
  return pathParams(route).every((name, i) => {
    const seg = m[i + 1]!;
    try {
      return decodeURIComponent(seg) === params[name] && seg !== '.' && seg !== '..';
    } catch {
      return false;
    }
  });
}

/** The route a recorded request landed on, or undefined when it left the table. */
export function routeOfRequest(method: string, rawPath: string, basePath = ''): Route | undefined {
  const path = rawPath.split('?')[0]!;
  if (!path.startsWith(basePath)) return undefined;
  const rest = path.slice(basePath.length);
  return ROUTES.find(
    (r) => (r.method === method || (r.response === 'websocket' && method === 'GET')) && matchesTemplate(r, rest),
  );
}
