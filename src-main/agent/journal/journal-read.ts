/**
 * Reads the journal back, newest first: the live file, then its rotated elders. A line that is not
 * an entry (cut short by a crash, edited by hand, a "dropped" note) is passed over, never fatal.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { JournalEntry, JournalPage, JournalQuery } from '../../contract/journal';
import { isRecord } from '../../contract/tolerant';

export const JOURNAL_FILE = 'changes.jsonl';
export const DEFAULT_LIMIT = 500;
export const MAX_LIMIT = 5000;
/** A file larger than this was not written by us: only its last part is read. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

function asEntry(line: string): JournalEntry | undefined {
  if (!line.startsWith('{')) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(v)) return undefined;
  const ok =
    typeof v.at === 'string' &&
    typeof v.zone === 'string' &&
    typeof v.op === 'string' &&
    (v.outcome === 'ok' || v.outcome === 'failed');
  return ok ? (v as unknown as JournalEntry) : undefined;
}

function matches(e: JournalEntry, q: JournalQuery): boolean {
  if (q.zone && e.zone !== q.zone) return false;
  if (q.kind && e.kind !== q.kind) return false;
  if (q.outcome && e.outcome !== q.outcome) return false;
  if (q.since && e.at < q.since) return false;
  if (q.until && e.at > q.until) return false;
  return true;
}

async function tail(file: string): Promise<string> {
  let fh: fsp.FileHandle;
  try {
    fh = await fsp.open(file, 'r');
  } catch {
    return ''; // not there (yet): nothing journalled in it
  }
  try {
    const { size } = await fh.stat();
    const len = Math.min(size, MAX_FILE_BYTES);
    const buf = Buffer.alloc(len);
    await fh.read(buf, 0, len, size - len);
    return buf.toString('utf8');
  } finally {
    await fh.close();
  }
}

export async function readJournal(dir: string, q: JournalQuery, keep: number): Promise<JournalPage> {
  const limit = Math.min(Math.max(1, q.limit ?? DEFAULT_LIMIT), MAX_LIMIT);
  const entries: JournalEntry[] = [];
  const live = path.join(dir, JOURNAL_FILE);
  for (let i = 0; i < keep; i++) {
    const lines = (await tail(i === 0 ? live : `${live}.${i}`)).split('\n');
    for (let j = lines.length - 1; j >= 0; j--) {
      const e = asEntry(lines[j]!);
      if (!e || !matches(e, q)) continue;
      if (entries.length === limit) return { entries, more: true };
      entries.push(e);
    }
  }
  return { entries, more: false };
}
