/**
 * Text said line by line in a dialect: container log lines and the run stream's server-sent
 * events (event names, event ids, payload field names and state words). A rewriter returns null
 * to drop a line (a dialect without event names or ids simply never writes those lines).
 */
import { createHash } from 'node:crypto';
import type { Choices } from './points';
import { eventName, runWord } from './words';

export type LineRewriter = (line: string) => string | null;

/** Standard log line: `<ISO time> <stdout|stderr> <7+ digit number> <message>`. */
const STANDARD_LOG_LINE = /^(\S+) (stdout|stderr) \d+ (.*)$/;

/** Bare log line: `<ISO time> <message>`, no stream and no sequence number. */
export function bareLogLine(line: string): string {
  const m = STANDARD_LOG_LINE.exec(line);
  return m ? `${m[1]} ${m[3]}` : line;
}

/** Headers only a zone with numbered log lines sends. */
export const LOG_COUNT_HEADERS = ['x-log-lines', 'x-archived-lines', 'x-host-lines'];

/** An event id as the dialect writes it; `seq` is the standard's integer. */
export function eventId(ch: Choices, runId: string, seq: number): string | undefined {
  if (ch.eventIds === 'none') return undefined;
  if (ch.eventIds === 'run_seq') return `${runId}:${seq}`;
  if (ch.eventIds === 'uuid') {
    const h = createHash('sha1').update(runId).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${seq.toString(16).padStart(12, '0')}`;
  }
  return String(seq);
}

/** The standard sequence number behind a Last-Event-ID the dialect wrote (0: replay everything). */
export function seqOfEventId(ch: Choices, raw: string): number {
  const tail =
    ch.eventIds === 'uuid' ? raw.slice(-12) : ch.eventIds === 'run_seq' ? raw.slice(raw.lastIndexOf(':') + 1) : raw;
  const n = ch.eventIds === 'uuid' ? Number.parseInt(tail, 16) : Number.parseInt(tail, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function payload(ch: Choices, json: string): string {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return json;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    if (k === 'node_id') out[ch.stepKey] = v;
    else if (k === 'status') out[ch.stateField] = runWord(ch, v);
    else out[k] = v;
  }
  return JSON.stringify(out);
}

/** Whether the dialect changes an event's data at all (else the bytes pass untouched). */
const touchesPayload = (ch: Choices) =>
  ch.stepKey !== 'node_id' || ch.stateField !== 'status' || ch.runWords !== 'standard' || ch.stateCase !== 'lower';

/** The run stream of one run, line by line. */
export function sseRewriter(ch: Choices, runId: string): LineRewriter {
  return (line) => {
    if (line.startsWith('event: ')) {
      const name = eventName(ch, line.slice('event: '.length));
      return name === undefined ? null : `event: ${name}`;
    }
    if (line.startsWith('id: ')) {
      const id = eventId(ch, runId, Number(line.slice('id: '.length)));
      return id === undefined ? null : `id: ${id}`;
    }
    if (line.startsWith('data: ') && touchesPayload(ch)) return `data: ${payload(ch, line.slice('data: '.length))}`;
    return line;
  };
}

export function rewriteText(text: string, rewrite: LineRewriter): string {
  return text
    .split('\n')
    .map(rewrite)
    .filter((l): l is string => l !== null)
    .join('\n');
}
