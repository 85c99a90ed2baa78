/**
 * shapes.unread: the renderer met a reply whose fields no shape reads. The names (never the values)
 * go to the log once per zone, kind and set of names, so a support log says which dialect a zone
 * speaks without filling up with the same line on every poll.
 */
import { z } from 'zod';
import type { AgentContext } from '../context';
import { command, zoneId } from './define';

/** Distinct reports kept per agent; past it the oldest is forgotten (and may be logged again). */
const MAX_SEEN = 1000;
const seenBy = new WeakMap<AgentContext, Set<string>>();

const fieldName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.-]+$/);

export const shapesUnread = command<'shapes.unread'>(
  z
    .object({
      zone: zoneId,
      kind: z
        .string()
        .min(1)
        .max(40)
        .regex(/^[\w. -]+$/),
      fields: z.array(fieldName).min(1).max(50),
    })
    .strict(),
  async ({ zone, kind, fields }, ctx) => {
    const rt = ctx.zones.get(zone);
    const names = [...new Set(fields)].sort();
    const key = JSON.stringify([zone, kind, names]);
    let seen = seenBy.get(ctx);
    if (!seen) seenBy.set(ctx, (seen = new Set()));
    if (seen.has(key)) return null;
    seen.add(key);
    if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value!);
    rt.log.info(`a reply of ${kind} from ${rt.record.name} has fields Zonedeck doesn't read`, { kind, fields: names });
    return null;
  },
);
