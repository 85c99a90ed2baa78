/**
 * Commands of the compute area (containers and microVMs). Lists, lifecycle actions, config vars,
 * attachments, logs and metrics are plain API calls (api.call); consoles are streams (stream.open).
 * What needs the agent is writing files: the complete log archive, streamed to disk with progress.
 * Inputs are validated by the agent's zod schemas.
 */

export interface LogArchiveRequest {
  zone: string;
  kind: 'container';
  id: string;
  /** A folder; `~/…` and relative paths are taken from home. Default: Downloads. */
  dir?: string;
  /** Ask with the host's native folder picker when it has one (Electron); ignored otherwise. */
  pick?: boolean;
  /** Chosen by the renderer; tags the `download.progress` events of this save. */
  progressId?: string;
  /** Lifts the 1 GiB cap on the archive's size (reply_too_large names the cap it met). */
  maxBytes?: number;
}

export interface LogArchiveSaved {
  path: string;
  bytes: number;
  /** From the zone's x-log-lines header, when sent. */
  lines?: number;
}

/** Payload of the `download.progress` agent event. */
export interface DownloadProgress {
  progressId: string;
  bytes: number;
  /** Content-Length when the zone sent one (a chunked archive does not). */
  total?: number;
}

export interface ComputeCommands {
  /** Streams GET …/logs/archive into a new file; constant memory; null when the picker was cancelled. */
  'compute.saveLogArchive': { input: LogArchiveRequest; output: LogArchiveSaved | null };
}
