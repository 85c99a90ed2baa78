/**
 * How large a download may be before the agent stops it, and how long a zone may go silent in the
 * middle of one. The person can lift a cap per call (`maxBytes`) once told the file is larger.
 */
import { AGENT_CODES, AgentError } from '../../contract/errors';
import { errorFromException } from './error-map';
import { mib } from './reply-bounds';
import type { ZoneDownload } from './zone-client';

/** A kubeconfig or a VPN profile is a few KiB; they are held in memory, so at most the JSON cap. */
export const SMALL_DOWNLOAD_CAP = 4 * 1024 * 1024;
/** A container's complete log, streamed to disk. */
export const ARCHIVE_DOWNLOAD_CAP = 1024 * 1024 * 1024;
/** A download that sends nothing for this long is stopped. */
export const DOWNLOAD_IDLE_MS = 60_000;

export function downloadTooLarge(what: string, limit: number): AgentError {
  return new AgentError({
    status: 0,
    code: AGENT_CODES.replyTooLarge,
    message: `The ${what} is larger than ${mib(limit)}, the limit for this download. Allow a larger download to save it.`,
    details: { limitBytes: limit },
  });
}

function idleTimeout(idleMs: number): AgentError {
  return new AgentError({
    status: 0,
    code: AGENT_CODES.timeout,
    message: `The zone sent nothing for ${idleMs < 1000 ? `${idleMs} ms` : `${Math.round(idleMs / 1000)} s`}; the download was stopped.`,
  });
}

/**
 * The body of a download reply, chunk by chunk, with a running byte count: refused up front when
 * Content-Length is over `maxBytes`, stopped when it grows past it or goes silent for `idleMs`.
 * Every failure is an AgentError (the file writer passes those through as they are). One idle
 * timer, re-armed per chunk, destroys a silent body (no timer or promise per chunk).
 */
export async function* cappedBody(
  res: ZoneDownload,
  what: string,
  maxBytes: number,
  idleMs = DOWNLOAD_IDLE_MS,
): AsyncGenerator<Uint8Array> {
  const body = res.body;
  if (Number(res.headers.get('content-length')) > maxBytes) {
    body.destroy();
    throw downloadTooLarge(what, maxBytes);
  }
  const timer = setTimeout(() => body.destroy(idleTimeout(idleMs)), idleMs);
  let total = 0;
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      timer.refresh();
      total += chunk.byteLength;
      if (total > maxBytes) throw downloadTooLarge(what, maxBytes);
      yield chunk;
    }
  } catch (e) {
    throw e instanceof AgentError ? e : errorFromException(e, idleMs);
  } finally {
    clearTimeout(timer);
    body.destroy();
  }
}
