/**
 * GET /containers/{id}/logs: the tail of what the host still holds (`?tail=N`, 1-1000, default
 * 200; `?since=` an ISO time or a relative age like 90s, 15m, 2h).
 * GET …/logs/archive: everything ever captured, in order (archived overflow, then the host's
 * lines), streamed in ~64 KiB chunks that are generated as the socket drains, so a million-line
 * archive needs constant memory.
 */
import type { ServerResponse } from 'node:http';
import type { Handler, SandboxRequest } from '../../core/types';
import { badRequest, intQuery } from '../../kit/http';
import { type ComputeCtx, find } from '../context';
import { CONTAINER } from '../kinds';
import type { Instance } from '../model';
import { ensureLog, firstLineSince, HOST_LINES, lineCount, lineText } from './capture';

const CHUNK_CHARS = 64 * 1024;

function readSince(req: SandboxRequest, now: number): number | undefined {
  const raw = req.query.get('since');
  if (raw === null || raw === '') return undefined;
  const rel = /^(\d+)([smhd])$/.exec(raw);
  if (rel) return now - Number(rel[1]) * { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7 }[rel[2] as 's' | 'm' | 'h' | 'd'];
  const t = Date.parse(raw);
  if (Number.isNaN(t)) badRequest('since must be an ISO 8601 time or an age like 90s, 15m, 2h, 1d', { field: 'since' });
  return t;
}

/** Resolves on 'drain' or 'close', removing both listeners (one wait per full buffer). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

async function streamArchive(res: ServerResponse, inst: Instance, total: number): Promise<void> {
  const log = ensureLog(inst);
  const archived = Math.max(0, total - HOST_LINES);
  res.writeHead(200, {
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': `attachment; filename="${inst.name}-logs.txt"`,
    'x-log-lines': String(total),
    'x-archived-lines': String(archived),
    'x-host-lines': String(total - archived),
  });
  let closed = false;
  res.on('close', () => (closed = true));
  let buf = '';
  for (let n = 1; n <= total && !closed; n++) {
    buf += lineText(inst, log, n) + '\n';
    if (buf.length >= CHUNK_CHARS) {
      const more = res.write(buf);
      buf = '';
      if (!more && !closed) await drained(res);
    }
  }
  if (!closed) res.end(buf);
}

export function logHandlers(ctx: ComputeCtx): Record<string, Handler> {
  return {
    'containers.logs': (req) => {
      const inst = find(ctx, req, CONTAINER);
      const now = ctx.world.clock.now();
      const tail = intQuery(req, 'tail', 1, HOST_LINES, 200);
      const since = readSince(req, now);
      const log = ensureLog(inst);
      const total = lineCount(inst, now);
      let first = Math.max(1, total - HOST_LINES + 1);
      if (since !== undefined) first = firstLineSince(log, since, first, total);
      first = Math.max(first, total - tail + 1);
      const lines: string[] = [];
      for (let n = first; n <= total; n++) lines.push(lineText(inst, log, n));
      return {
        status: 200,
        text: lines.length ? lines.join('\n') + '\n' : '',
        contentType: 'text/plain; charset=utf-8',
        headers: { 'x-log-lines': String(total) },
      };
    },
    'containers.logs.archive': (req) => {
      const inst = find(ctx, req, CONTAINER);
      // Fix the line count now: lines written while the download runs belong to the next one.
      const total = lineCount(inst, ctx.world.clock.now());
      return { stream: (res) => streamArchive(res, inst, total) };
    },
  };
}
