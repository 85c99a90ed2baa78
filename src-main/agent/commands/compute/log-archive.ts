/**
 * compute.saveLogArchive: GET …/logs/archive streamed straight into a new file (saveDownload), so a
 * 66 MB, million-line log never sits in memory. Progress goes out as `download.progress` events,
 * at most ~10 a second so a fast disk does not flood the bridge. Capped at 1 GiB unless the
 * person lifts it (`maxBytes`); stopped when the zone goes silent for a minute, or at once when the
 * page cancels it (no partial file is left).
 */
import { z } from 'zod';
import { findRoute } from '../../../contract/routes';
import { AgentError } from '../../../contract/errors';
import { saveDownload, zonedFileName } from '../../files';
import { command, zoneId } from '../define';
import { targetFolder } from '../places';
import { fileNameOf } from '../../files/names';
import { ARCHIVE_DOWNLOAD_CAP, cappedBody } from '../../http/download-caps';

const PROGRESS_EVERY_MS = 100;
/** An overall ceiling besides the idle timeout: 1 GiB at 75 KiB/s. */
const ARCHIVE_TIMEOUT_MS = 4 * 3600_000;

export const saveLogArchive = command<'compute.saveLogArchive'>(
  z
    .object({
      zone: zoneId,
      kind: z.literal('container'),
      id: z.string().min(1).max(200),
      dir: z.string().min(1).max(4096).optional(),
      pick: z.boolean().optional(),
      progressId: z.string().min(1).max(100).optional(),
      maxBytes: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .strict(),
  async (input, ctx, _conn, signal) => {
    const dir = await targetFolder(ctx, input, 'Save the complete log in');
    if (!dir) return null;
    const route = findRoute('containers.logs.archive');
    if (!route) throw new Error('containers.logs.archive missing from the route table');
    const rt = ctx.zones.get(input.zone);
    const params = { id: input.id };
    // A long download: a generous ceiling, an idle timeout while reading (cappedBody), one 401 renewal.
    // Cancel (the page's Cancel button, or the page gone) aborts the request and with it the body:
    // the temp file is removed by writeTempFile, so nothing partial stays behind.
    const open = (token: string) => rt.client.download({ route, params, token, timeoutMs: ARCHIVE_TIMEOUT_MS, signal });
    const used = rt.session.token();
    let res: Awaited<ReturnType<typeof open>>;
    try {
      res = await open(used);
    } catch (e) {
      if (!(e instanceof AgentError) || e.status !== 401) throw e;
      res = await open(await rt.session.renewAfter401(used));
    }
    const total = Number(res.headers.get('content-length')) || undefined;
    const lines = Number(res.headers.get('x-log-lines')) || undefined;
    const fileName = zonedFileName(
      input.zone,
      fileNameOf(res.headers.get('content-disposition')) ?? `${input.id}-logs.txt`,
      'log',
    );
    let last = 0;
    const progress = (bytes: number, force = false) => {
      if (!input.progressId) return;
      const now = Date.now();
      if (!force && now - last < PROGRESS_EVERY_MS) return;
      last = now;
      ctx.emit('download.progress', { progressId: input.progressId, bytes, ...(total ? { total } : {}) });
    };
    const body = cappedBody(res, 'log archive', input.maxBytes ?? ARCHIVE_DOWNLOAD_CAP);
    const saved = await saveDownload({
      dir,
      fileName,
      body,
      onProgress: (b) => progress(b),
      log: ctx.log.child('files'),
    });
    progress(saved.bytes, true);
    return { path: saved.path, bytes: saved.bytes, ...(lines ? { lines } : {}) };
  },
);
