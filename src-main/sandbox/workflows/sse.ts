/**
 * GET /workflow-runs/{id}/stream as server-sent events. Every event carries `id: <seq>` so a
 * client resumes with Last-Event-ID: we replay only later events, then follow live, and end the
 * response after run_finished. Comment lines keep idle proxies from closing the connection, and a
 * 'drop-streams' fault destroys open streams so clients exercise their reconnect path.
 */
import type { ServerResponse } from 'node:http';
import type { SandboxResponse, World } from '../core/types';
import { events } from '../kit/shared';
import type { RunEngine } from './engine';
import { inFlight, type Run, type RunEvent } from './model';

const KEEPALIVE_MS = 15_000;

function frame(e: RunEvent): string {
  return `id: ${e.seq}\nevent: ${e.event}\ndata: ${JSON.stringify({ seq: e.seq, ...e.data })}\n\n`;
}

export function lastEventId(header: string | string[] | undefined): number {
  const raw = Array.isArray(header) ? header[0] : header;
  const n = raw === undefined ? 0 : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function streamRun(world: World, engine: RunEngine, run: Run, after: number): SandboxResponse {
  return {
    stream: (res: ServerResponse) => {
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(': connected\nretry: 1000\n\n');
      let sent = after;
      const send = (e: RunEvent): void => {
        if (e.seq <= sent) return;
        sent = e.seq;
        res.write(frame(e));
        if (e.event === 'run_finished') close(true);
      };
      const unsubscribe = engine.subscribe(run, send);
      const keepalive = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
      keepalive.unref();
      const drop = (): void => {
        close(false);
        res.destroy();
      };
      events(world).on('drop-streams', drop);
      // A reset forgets the run, so nothing more would ever arrive on this stream.
      events(world).on('reset', drop);
      function close(end: boolean): void {
        unsubscribe();
        clearInterval(keepalive);
        events(world).off('drop-streams', drop);
        events(world).off('reset', drop);
        if (end && !res.writableEnded) res.end();
      }
      res.on('close', () => close(false));
      // Replay what the client missed (everything after Last-Event-ID), then follow live.
      for (const e of [...run.events]) send(e);
      // Already over and fully seen (resume after run_finished): nothing more will come.
      if (!inFlight(run)) close(true);
    },
  };
}
