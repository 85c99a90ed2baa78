/**
 * The journal of changes this machine sent to zones: what both the agent (writer) and the screen
 * (reader) agree an entry holds. Names only: the fields a change touched, never their values.
 */

export type JournalOutcome = 'ok' | 'failed';

export interface JournalEntry {
  /** ISO time the zone answered (or the call failed). */
  at: string;
  zone: string;
  /** The zone's name when the change was sent (a zone removed later still reads well). */
  zoneName: string;
  /** Who the zone knew us as: an email or an API client id. */
  user?: string;
  /** The route table's operation id, e.g. `workflows.publish`. */
  op: string;
  method: string;
  /** What kind of record: the operation's first word (`workflows`, `skills`, `containers`, …). */
  kind: string;
  targetId?: string;
  targetName?: string;
  outcome: JournalOutcome;
  /** HTTP status; 0 when the zone was not reached. */
  status: number;
  /** The zone's (or the agent's) error code when it failed. */
  code?: string;
  /** Names of the body's fields (top level), never their values. */
  fields?: string[];
  /** Which Zonedeck sent it. */
  via: 'app' | 'cli';
}

export interface JournalQuery {
  zone?: string;
  kind?: string;
  outcome?: JournalOutcome;
  /** ISO times, inclusive. */
  since?: string;
  until?: string;
  /** Most entries returned, newest first (default 500). */
  limit?: number;
}

export interface JournalPage {
  entries: JournalEntry[];
  /** True when more entries matched than were returned. */
  more: boolean;
}

export const JOURNAL_COLUMNS = [
  'at',
  'zone',
  'zoneName',
  'user',
  'op',
  'method',
  'kind',
  'targetId',
  'targetName',
  'outcome',
  'status',
  'code',
  'fields',
  'via',
] as const satisfies readonly (keyof JournalEntry)[];

/** A CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs it. */
function cell(v: unknown): string {
  let s = v === undefined ? '' : Array.isArray(v) ? v.join(' ') : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function journalCsv(entries: readonly JournalEntry[]): string {
  const lines = [JOURNAL_COLUMNS.join(',')];
  for (const e of entries) lines.push(JOURNAL_COLUMNS.map((c) => cell(e[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
