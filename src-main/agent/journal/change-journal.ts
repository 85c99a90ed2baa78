/**
 * Every change this machine sends to a zone, appended as one JSON line to `changes.jsonl` in the
 * data folder (owner-only, rotated by size like the log). Written from the one place a call meets
 * the zone (the session's send), so the window, the CLI and every command are journalled alike.
 * An entry holds names, never values: the body's field names, the target's id and name.
 */
import { AgentError } from '../../contract/errors';
import type { JournalEntry, JournalOutcome } from '../../contract/journal';
import type { Route } from '../../contract/routes';
import { isRecord } from '../../contract/tolerant';
import type { ZoneDictionary } from '../../contract/dictionary/dictionary-types';
import { kindReader } from '../../contract/dictionary/kind-reader';
import { isNameLike } from '../../contract/dictionary/value-shapes';
import type { RecordKind } from '../../contract/dictionary/record-kinds';
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
  /** How the zone's records are read: the target's name is its record's name field, nothing else. */
  dictionary?: ZoneDictionary;
}

function short(s: string | undefined): string | undefined {
  if (s === undefined || s === '') return undefined;
  return s.length > MAX_NAME ? `${s.slice(0, MAX_NAME)}…` : s;
}

/** The kind of record an area's own routes answer with (the route id's first word). */
const AREA_KIND: Readonly<Record<string, RecordKind>> = {
  containers: 'container',
  microvms: 'microvm',
  kubernetes: 'cluster',
  publicIps: 'public_ip',
  vpnGateways: 'vpn_gateway',
  skills: 'skill',
  workflows: 'workflow',
  workspaces: 'workspace',
  repos: 'repo',
  apiClients: 'api_client',
};

/**
 * The record a change names: the path's id (or its first parameter), else — a create — the id the
 * reply gives the new record, so the entry can open it; its name is the record's name field as
 * the zone's dictionary reads it, in a reply that is the record itself (an area's own route:
 * create, update, start …). A body is never read for it: it carries what the person typed (a
 * config var called `name`, a draft under a field the zone calls `name`), and values stay out.
 */
function target(change: SentChange, data: unknown, dict?: ZoneDictionary): { targetId?: string; targetName?: string } {
  const params = change.params ?? {};
  const [area, , ...deeper] = change.route.id.split('.');
  const kind = Object.hasOwn(AREA_KIND, area!) ? AREA_KIND[area!] : undefined;
  const record = kind && deeper.length === 0 && isRecord(data) ? data : undefined;
  // No inference from one reply: the zone's stored fields, else the usual names.
  const reader = record && kind ? kindReader(dict?.kinds[kind], [], kind) : undefined;
  const id = short(params.id ?? Object.values(params)[0] ?? reader?.id(record));
  // A name is a short line a person calls the record by; a draft a zone stored under `name` is not one.
  const named = reader?.name(record);
  const name = isNameLike(named) ? short(named) : undefined;
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
      ...target(change, outcome.data, zone.dictionary),
      outcome: (failed ? 'failed' : 'ok') satisfies JournalOutcome,
      status,
      ...(code ? { code: short(code)! } : {}),
      ...(fields ? { fields } : {}),
      via: this.via,
    };
    this.file.write(JSON.stringify(entry));
  }

  /** An entry the agent writes itself (a rollout's step); never throws. */
  note(entry: JournalEntry): void {
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
