/**
 * One live stream per run in this window, shared by whoever follows it: the run view
 * (run-live.ts) and the notifications' follower (run-follow.ts) each subscribe, and the one who
 * comes second joins the stream already open instead of opening another to the zone. Each
 * subscriber gets every event from its joining on and the end; closing its handle ends it for
 * that subscriber alone, and the stream itself closes with its last subscriber. A stream that ended is
 * forgotten, so the next open (a reconnect, from the subscriber's last event id) starts afresh.
 */
import { agent, type StreamHandle, type StreamHandlers } from '../../../agent';
import type { RunRef } from './workflow-runs';

interface Shared {
  subs: Set<StreamHandlers>;
  handle: Promise<StreamHandle>;
}

const open = new Map<string, Shared>();

function start(key: string, run: RunRef, lastEventId: string | undefined): Shared {
  const subs = new Set<StreamHandlers>();
  const shared: Shared = {
    subs,
    handle: agent.openStream(
      {
        zone: run.zone,
        operationId: 'workflowRuns.stream',
        params: { id: run.id },
        ...(lastEventId !== undefined ? { lastEventId } : {}),
      },
      {
        onEvent: (e) => {
          for (const h of [...subs]) h.onEvent?.(e);
        },
        onEnd: (err) => {
          if (open.get(key) === shared) open.delete(key);
          const ended = [...subs];
          subs.clear();
          for (const h of ended) h.onEnd?.(err);
        },
      },
    ),
  };
  shared.handle.catch(() => {
    if (open.get(key) === shared) open.delete(key);
  });
  open.set(key, shared);
  return shared;
}

/** Subscribes to the run's stream, opening it (from `lastEventId`) only when none is open. */
export function openRunStream(
  run: RunRef,
  lastEventId: string | undefined,
  handlers: StreamHandlers,
): Promise<StreamHandle> {
  const key = `${run.zone}/${run.id}`;
  const shared = open.get(key) ?? start(key, run, lastEventId);
  shared.subs.add(handlers);
  return shared.handle.then(
    (h): StreamHandle => ({
      sid: h.sid,
      write: (d) => h.write(d),
      resize: (c, r) => h.resize(c, r),
      ack: (b) => h.ack(b),
      // As the agent's own handle does, closing ends the stream for its holder (its onEnd runs).
      close: () => {
        if (!shared.subs.delete(handlers)) return;
        if (shared.subs.size === 0) {
          if (open.get(key) === shared) open.delete(key);
          h.close();
        }
        handlers.onEnd?.();
      },
    }),
    (err: unknown) => {
      shared.subs.delete(handlers);
      throw err;
    },
  );
}
