/** api.call: the generic proxy, and list.poll for long lists kept live. Only operations of the route table, only as the table says. */
import { z } from 'zod';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import { type Route, findRoute, pathParams } from '../../contract/routes';
import type { ApiCallInput, ApiResult } from '../../contract/commands';
import { linkNext } from '../../contract/tolerant';
import type { OperationId, ReadOperationId } from '../../contract/operations';
import type { AgentContext } from '../context';
import type { ListReply } from '../lists/list-snapshots';
import { command, zoneId } from './define';
import { wordedCall } from './worded-call';

/** Replies that carry tokens go through the auth commands, which keep them in the agent. */
const TOKEN_ROUTES = new Set(['auth.login', 'auth.mfa.verify', 'auth.mfa.resend', 'auth.token', 'oauth.token']);
/** Replies that carry a client secret go through the apiClients.* commands (the secret stays in the agent). */
const SECRET_ROUTES = new Set(['apiClients.create', 'apiClients.rotate']);

export function routeForCall(operationId: string): Route {
  const route = findRoute(operationId);
  if (!route) {
    throw new AgentError({
      status: 0,
      code: AGENT_CODES.unknownOperation,
      message: `“${operationId}” is not an operation of the platform API.`,
    });
  }
  if (TOKEN_ROUTES.has(route.id)) {
    throw new AgentError({
      status: 0,
      code: AGENT_CODES.unknownOperation,
      message: `${route.id} is handled by the sign-in commands, not api.call.`,
    });
  }
  if (SECRET_ROUTES.has(route.id)) {
    throw new AgentError({
      status: 0,
      code: AGENT_CODES.unknownOperation,
      message: `${route.id} returns a client secret: use the ${route.id} command, which keeps it in the agent.`,
    });
  }
  if (route.response === 'websocket' || route.response === 'event-stream') {
    throw new AgentError({
      status: 0,
      code: AGENT_CODES.unknownOperation,
      message: `${route.id} is a stream: open it with stream.open.`,
    });
  }
  return route;
}

const params = z.record(z.string(), z.string().min(1).max(512));
const query = z.record(z.string(), z.union([z.string().max(4096), z.number(), z.boolean()]));
/**
 * Only a bounded string here: routeForCall looks the id up and answers unknown_operation, so the
 * narrower union the contract declares (for callers' compile-time checking) is asserted, not parsed.
 */
const operationId = z.string().min(1).max(100) as z.ZodType<OperationId>;
const readOperationId = operationId as z.ZodType<ReadOperationId>;
const target = {
  zone: zoneId,
  params: params.optional(),
  query: query.optional(),
};

/** "Zonedeck checks again in 4 s." from the time of the next probe (ms since the epoch). */
function nextCheck(at: number | null): string {
  if (at === null) return 'Zonedeck checks again by itself.';
  const s = Math.max(1, Math.round((at - Date.now()) / 1000));
  return `Zonedeck checks again in ${s} s.`;
}

/** Sends one operation of the route table to the zone, after checking its path parameters. */
async function callRoute(
  route: Route,
  input: Omit<ApiCallInput, 'operationId'>,
  ctx: AgentContext,
  signal: AbortSignal,
  known?: ListReply,
  passJson?: boolean,
) {
  const given = input.params ?? {};
  const missing = pathParams(route).filter((p) => !given[p]);
  if (missing.length) {
    throw new AgentError({
      status: 0,
      code: AGENT_CODES.validation,
      message: `Invalid input for ${route.id} — missing ${missing.join(', ')}.`,
      details: { fields: Object.fromEntries(missing.map((m) => [`params.${m}`, 'Required'])) },
    });
  }
  const rt = ctx.zones.get(input.zone);
  if (route.method !== 'GET' && rt.health.view().state === 'unreachable') {
    // A change sent into an outage may land or not: hold it back until a probe brings the zone back.
    throw new AgentError({
      status: 0,
      code: AGENT_CODES.zoneUnreachable,
      message: `${rt.record.name} is not answering (its health check failed), so no change is sent to it. ${nextCheck(rt.health.view().nextProbeAt)} Try again once it is back.`,
      details: { nextProbeAt: rt.health.view().nextProbeAt },
    });
  }
  return rt.session.send(rt.client, {
    route,
    params: given,
    query: input.query ?? {},
    body: input.body,
    ...(input.encoding ? { encoding: input.encoding } : {}),
    ...(known ? { known } : {}),
    ...(passJson ? { passJson } : {}),
    signal,
  });
}

/** The next page a Link header names, when it names one (a list whose cursor is not in its body). */
function withNext(result: ApiResult, link: string | undefined): ApiResult {
  const next = link ? linkNext(link) : undefined;
  return next ? { ...result, next: next.cursor, ...(next.param ? { nextParam: next.param } : {}) } : result;
}

const wordChoice = z.object({
  role: z.string().min(1).max(100),
  alts: z.array(z.string().min(1).max(100)).max(20).optional(),
  firm: z.boolean().optional(),
  echoed: z.literal(false).optional(),
});
const wordMap = z.record(z.string().min(1).max(100), wordChoice);
const words = z.object({ body: wordMap.optional(), query: wordMap.optional() });

export const apiCall = command<'api.call'>(
  z.object({
    ...target,
    operationId,
    body: z.unknown().optional(),
    words: words.optional(),
    encoding: z.enum(['json', 'text']).optional(),
  }),
  async (input, ctx, conn, signal) => {
    const route = routeForCall(input.operationId);
    if (!input.words && !input.encoding) {
      // The common call pays nothing for words: no registry read, no copies. A read's reply goes
      // to a host that can pass its bytes on unparsed (a change's is read by the journal).
      const passJson = conn.passJson === true && route.method === 'GET';
      const res = await callRoute(route, input, ctx, signal, undefined, passJson);
      return withNext({ status: res.status, data: res.data }, res.link);
    }
    const { res, ...result } = await wordedCall(route, input, ctx, (i) => callRoute(route, i, ctx, signal));
    return withNext(result, res.link);
  },
);

/**
 * A long list read again for a screen that keeps it live: the agent compares it with the copy
 * this renderer holds (`since`) and sends only what changed (see lists/list-snapshots.ts).
 */
export const listPoll = command<'list.poll'>(
  z.object({ ...target, operationId: readOperationId, since: z.string().min(1).max(64).optional() }),
  async (input, ctx, conn, signal) => {
    const route = routeForCall(input.operationId);
    if (route.method !== 'GET') {
      throw new AgentError({
        status: 0,
        code: AGENT_CODES.unknownOperation,
        message: `${route.id} does not read a list: list.poll only reads.`,
      });
    }
    const key = JSON.stringify([input.zone, route.id, input.params ?? {}, input.query ?? {}]);
    const res = await callRoute(route, input, ctx, signal, ctx.lists.last(conn.id, key));
    return ctx.lists.read(conn.id, key, res, input.since);
  },
);
