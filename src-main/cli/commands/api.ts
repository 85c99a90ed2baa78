/**
 * `zonedeck api <zone> <operationId> [param=value …]`: any operation of the route table, like
 * `gh api`; the agent's api.call does the sending, so its refusals and bounds are the window's.
 * Path parameters are `name=value`; `--query k=v` (repeatable) and `--body @file|-|JSON` add the rest.
 */
import { ROUTES, findRoute, pathParams } from '../../contract/routes';
import type { OperationId } from '../../contract/routes';
import type { AgentLink } from '../link';
import type { Output } from '../output';
import { resolveZone } from '../resolve';
import { CliError } from '../cli-error';
import { notFoundMessage } from '../closest-names';
import { EXIT } from '../exit-codes';
import { readArgument } from '../read-argument';

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

/** The body is JSON: typed on the line, in @file, or on standard input (-). */
function readBody(spec: string): unknown {
  try {
    return JSON.parse(readArgument(spec, 'body'));
  } catch (err) {
    if (err instanceof CliError) throw err;
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
