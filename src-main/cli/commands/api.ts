/**
 * `zonedeck api <zone> <operationId> [param=value …]`: any operation of the route table, like
 * `gh api`; the agent's api.call does the sending, so its refusals and bounds are the window's.
 * Path parameters are `name=value`; `--query k=v` (repeatable) and `--body @file|-|JSON` add the rest.
 */
import { readFileSync } from 'node:fs';
import { ROUTES, findRoute, pathParams } from '../../contract/routes';
import type { OperationId } from '../../contract/routes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { resolveZone } from '../resolve';
import { CliError } from '../cli-error';
import { notFoundMessage } from '../closest-names';
import { EXIT } from '../exit-codes';

export interface ApiFlags {
  query?: string[];
  body?: string;
  /** Print the reply of a route the table marks sensitive (it carries a credential). */
  reveal?: boolean;
}

function pairs(list: readonly string[], what: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of list) {
    const at = item.indexOf('=');
    if (at <= 0) throw new CliError(`A ${what} is name=value, not “${item}”.`, EXIT.usage, 'invalid_input');
    out[item.slice(0, at)] = item.slice(at + 1);
  }
  return out;
}

/** @file reads a file, - reads standard input, anything else is JSON typed on the line. */
function readBody(spec: string): unknown {
  const text =
    spec === '-' ? readFileSync(0, 'utf8') : spec.startsWith('@') ? readFileSync(spec.slice(1), 'utf8') : spec;
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError('The body is not JSON.', EXIT.usage, 'invalid_input');
  }
}

export async function apiCommand(
  link: AgentLink,
  out: Output,
  zoneName: string,
  operationId: string,
  params: string[],
  f: ApiFlags,
): Promise<void> {
  const route = findRoute(operationId);
  if (!route)
    throw new CliError(
      notFoundMessage(
        'operation',
        operationId,
        ROUTES.map((r) => r.id),
      ),
      EXIT.notFound,
      'unknown_operation',
    );
  // A credential reaches the terminal only when asked for by name, never by a routine call.
  if (route.sensitive && !f.reveal)
    throw new CliError(
      `${route.id} answers with a credential; add --reveal to print it${route.id === 'kubernetes.kubeconfig' ? ', or use zonedeck kubeconfig' : ''}.`,
      EXIT.usage,
      'sensitive_route',
    );
  const given = pairs(params, 'path parameter');
  const wanted = pathParams(route);
  const extra = Object.keys(given).filter((k) => !wanted.includes(k));
  if (extra.length)
    throw new CliError(
      `${route.id} (${route.method} ${route.path}) takes ${wanted.length ? wanted.join(', ') : 'no path parameter'}, not ${extra.join(', ')}.`,
      EXIT.usage,
      'invalid_input',
    );
  const zone = await resolveZone(link, zoneName);
  await link.sessionsRestored([zone.id]);
  const query = pairs(f.query ?? [], 'query parameter');
  const res = await link.invoke('api.call', {
    zone: zone.id,
    operationId: route.id as OperationId,
    ...(wanted.length ? { params: given } : {}),
    ...(Object.keys(query).length ? { query } : {}),
    ...(f.body !== undefined ? { body: readBody(f.body) } : {}),
  });
  // JSON either way (like gh api); text replies (logs) as they came.
  if (typeof res.data === 'string' && !out.json) out.result(res.data, res.data);
  else out.result(JSON.stringify(res.data ?? null, null, 2), res.data ?? null);
}
