/**
 * Every change this machine sends to a zone, appended as one JSON line to `changes.jsonl` in the
 * data folder (owner-only, rotated by size like the log). Written from the one place a call meets
 * the zone (the session's send), so the window, the CLI and every command are journalled alike.
 * An entry holds names, never values: the body's field names, the target's id and name.
 */
import { AgentError } from '../../contract/errors';
import type { JournalEntry, JournalOutcome } from '../../contract/journal';
import type { Route } from '../../contract/routes';
import { type Raw, idOf, isRecord, nameOf } from '../../contract/tolerant';
import { RotatingFile } from '../log/rotating-file';
import { JOURNAL_FILE, readJournal } from './journal-read';
import type { JournalPage, JournalQuery } from '../../contract/journal';

/** How many files in all, the live one included, and how large each grows. */
const KEEP = 4;
const MAX_BYTES = 2 * 1024 * 1024;
/** Names longer than this are cut: an entry stays one short line whatever a zone calls things. */
const MAX_NAME = 200;
const MAX_FIELDS = 40;

/** A change: any method but GET, sent with the session (sign-in itself is not one), a lint is not. */
export function isChange(route: Route): boolean {
  return route.method !== 'GET' && !route.public && !route.id.endsWith('.validate');
}

export interface SentChange {
  route: Route;
  params?: Record<string, string>;
  body?: unknown;
}

export interface ChangeOutcome {
  status: number;
  data?: unknown;
  error?: unknown;
}

export interface JournalZone {
  id: string;
  name: string;
  user?: string;
}

function short(s: string | undefined): string | undefined {
  if (s === undefined || s === '') return undefined;
  return s.length > MAX_NAME ? `${s.slice(0, MAX_NAME)}…` : s;
}

/** A record's own kind word for `<kind>_id` (the route's first word is its plural or area). */
const RECORD_KIND: Record<string, string> = {
  kubernetes: 'cluster',
  publicIps: 'public_ip',
  vpnGateways: 'vpn_gateway',
};

/**
 * The record a change names: the path's id (or its first parameter), else — a create — the id the
 * reply gives the new record, so the entry can open it; its name from the body or the reply.
 */
function target(change: SentChange, data: unknown): { targetId?: string; targetName?: string } {
  const params = change.params ?? {};
  const area = change.route.id.split('.')[0]!;
  const created = isRecord(data) ? idOf(data as Raw, RECORD_KIND[area] ?? area.replace(/s$/, '')) : undefined;
  const id = short(params.id ?? Object.values(params)[0] ?? created);
  const fromBody = isRecord(change.body) ? nameOf(change.body as Raw) : undefined;
  const fromReply = isRecord(data) ? nameOf(data as Raw) : undefined;
  const name = short(fromBody ?? fromReply);
  return { ...(id ? { targetId: id } : {}), ...(name ? { targetName: name } : {}) };
}

function fieldNames(body: unknown): string[] | undefined {
  if (!isRecord(body)) return undefined;
  const names = Object.keys(body)
    .slice(0, MAX_FIELDS)
    .map((k) => short(k)!);
  return names.length ? names : undefined;
}

export class ChangeJournal {
  private readonly file: RotatingFile;

  constructor(
    private readonly dir: string,
    private readonly via: 'app' | 'cli' = 'app',
  ) {
    this.file = new RotatingFile({
      file: `${dir}/${JOURNAL_FILE}`,
      maxBytes: MAX_BYTES,
      keep: KEEP,
      flushMs: 50,
      droppedLine: (count) => JSON.stringify({ at: new Date().toISOString(), dropped: count }),
    });
  }

  /** Called once per change sent, whatever its outcome; never throws. */
  record(zone: JournalZone, change: SentChange, outcome: ChangeOutcome): void {
    if (!isChange(change.route)) return;
    const err = outcome.error;
    const failed = err !== undefined || outcome.status >= 400;
    const code = err instanceof AgentError ? err.code : undefined;
    const status = err instanceof AgentError ? err.status : outcome.status;
    const fields = fieldNames(change.body);
    const entry: JournalEntry = {
      at: new Date().toISOString(),
      zone: zone.id,
      zoneName: zone.name,
      ...(zone.user ? { user: short(zone.user)! } : {}),
      op: change.route.id,
      method: change.route.method,
      kind: change.route.id.split('.')[0]!,
      ...target(change, outcome.data),
      outcome: (failed ? 'failed' : 'ok') satisfies JournalOutcome,
      status,
      ...(code ? { code: short(code)! } : {}),
      ...(fields ? { fields } : {}),
      via: this.via,
    };
    this.file.write(JSON.stringify(entry));
  }

  /** Entries newest first, filtered; what is queued is written first so a read sees it. */
  async read(q: JournalQuery): Promise<JournalPage> {
    this.file.flush();
    return readJournal(this.dir, q, KEEP);
  }

  close(): void {
    this.file.close();
  }
}
