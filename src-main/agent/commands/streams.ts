/** stream.open / stream.close: consoles (WebSocket) and live progress (server-sent events). */
import { z } from 'zod';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import { findRoute, fillPath } from '../../contract/routes';
import { ConsoleSource } from '../streams/console-source';
import { SseSource } from '../streams/sse-source';
import { command, zoneId } from './define';

export const streamOpen = command<'stream.open'>(
  z
    .object({
      zone: zoneId,
      operationId: z.string().min(1).max(100),
      params: z.record(z.string(), z.string().min(1).max(512)).optional(),
      query: z.record(z.string(), z.union([z.string().max(4096), z.number(), z.boolean()])).optional(),
      // Sent back as the Last-Event-ID header: a line break there could never be a valid id.
      lastEventId: z
        .string()
        .max(256)
        .regex(/^[^\r\n\0]*$/, 'An event id cannot hold a line break')
        .optional(),
    })
    .strict(),
  async (input, ctx, conn) => {
    const route = findRoute(input.operationId);
    if (!route || (route.response !== 'websocket' && route.response !== 'event-stream')) {
      throw new AgentError({
        status: 0,
        code: AGENT_CODES.unknownOperation,
        message: `“${input.operationId}” is not a stream of the platform API.`,
      });
    }
    const rt = ctx.zones.get(input.zone);
    rt.session.token(); // Signed out: say so now rather than as a stream that ends at once.
    const params = input.params ?? {};
    fillPath(route, params); // Refuses a missing, empty or dot-segment parameter now, for both kinds.
    if (route.response === 'websocket') {
      const url = rt.client.url(route, params, input.query ?? {});
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      return { sid: ctx.streams.open(conn, new ConsoleSource(rt, url), { zone: input.zone, route: route.id }) };
    }
    return {
      sid: ctx.streams.open(conn, new SseSource(rt, route, params, input.query ?? {}, input.lastEventId), {
        zone: input.zone,
        route: route.id,
        resumed: !!input.lastEventId,
      }),
    };
  },
);

/** Closing a stream that ended already, or another connection's, changes nothing (the hub checks). */
export const streamClose = command<'stream.close'>(
  z.object({ sid: z.string().uuid() }).strict(),
  async ({ sid }, ctx, conn) => {
    ctx.streams.close(sid, conn);
    return null;
  },
);
