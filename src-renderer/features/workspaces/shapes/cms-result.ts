/**
 * A CMS command's result, whatever shape the zone answers in (the spec leaves it "not shown"): an
 * exit status under exit_code | exit_status | exitCode | return_code | rc | code | status (a
 * number), a flag ok | success | succeeded | passed, a word under status | state | result |
 * outcome, and the output under output | stdout (+ stderr) | result | text | log, at the top or
 * in a {result|data} envelope. "Passed" only when the zone said it succeeded (exit 0, a true flag,
 * a success word); a non-zero exit, a false flag or a failed word is "failed"; anything else is
 * "finished", neutral: the zone ran it and did not say how it went.
 */
import { isRecord, type Raw } from '@contract/tolerant';
import { classify } from '../../../lib/state-vocabulary';
import { field, namesOf, unreadFields, valueIn } from '../../../shapes/words';

const EXIT = field(
  'cms.exit',
  'exit_code',
  'exit_status',
  'exitCode',
  'exitStatus',
  'return_code',
  'returncode',
  'returnCode',
  'rc',
  'code',
  'status',
);
const FLAG = field('cms.ok', 'ok', 'success', 'succeeded', 'passed');
const WORD = field('cms.status', 'status', 'state', 'result', 'outcome');
const OUTPUT = field('cms.output', 'output', 'stdout', 'result', 'text', 'log', 'message', 'out');
const STDERR = field('cms.stderr', 'stderr', 'error_output', 'err');
const KNOWN = namesOf(EXIT, FLAG, WORD, OUTPUT, STDERR);

export type CmsOutcome = 'passed' | 'failed' | 'finished';

export interface CmsReply {
  /** The exit status, when the zone gave one as a number. */
  exitCode: number | undefined;
  output: string;
  outcome: CmsOutcome;
  /** Fields of the reply nothing here reads, when neither its outcome nor its output could be read. */
  unread?: string[];
}

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  return undefined;
}

function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.join('\n');
  return undefined;
}

/** The first name of `f` the record holds a number under. */
function exitOf(r: Raw): number | undefined {
  for (const n of EXIT.names) {
    const v = numberOf(r[n]);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The first name of `f` the record holds a word (not a number) under. */
function wordOf(r: Raw): string | undefined {
  for (const n of WORD.names) {
    const v = r[n];
    if (typeof v === 'string' && numberOf(v) === undefined && v.trim() !== '') return v;
  }
  return undefined;
}

export function readCmsReply(data: unknown): CmsReply {
  if (typeof data === 'string') return { exitCode: undefined, output: data, outcome: 'finished' };
  if (!isRecord(data)) {
    const output = data === null || data === undefined ? '' : JSON.stringify(data);
    return { exitCode: undefined, output, outcome: 'finished' };
  }
  const inner = [data.result, data.data].find(isRecord);
  const r = inner ?? data;
  const exitCode = exitOf(r);
  const flag = typeof valueIn(r, FLAG) === 'boolean' ? (valueIn(r, FLAG) as boolean) : undefined;
  const word = wordOf(r);
  const out = OUTPUT.names.map((n) => textOf(r[n])).find((t) => t !== undefined && !(t === word && t === r.result));
  const err = textOf(valueIn(r, STDERR));
  const output = [out, err].filter((t) => t !== undefined && t !== '').join('\n');
  let outcome: CmsOutcome = 'finished';
  if (exitCode !== undefined) outcome = exitCode === 0 ? 'passed' : 'failed';
  else if (flag !== undefined) outcome = flag ? 'passed' : 'failed';
  else if (word !== undefined) {
    const c = classify(word, 'run');
    outcome = c === 'settled' ? 'passed' : c === 'failed' ? 'failed' : 'finished';
  }
  // A failed word or flag beside an exit code of 0 is still a failure: the zone said so.
  if (outcome === 'passed' && (flag === false || classify(word, 'run') === 'failed')) outcome = 'failed';
  const reply: CmsReply = { exitCode, output, outcome };
  if (exitCode === undefined && flag === undefined && word === undefined && output === '') {
    const unread = unreadFields(r, KNOWN);
    if (unread.length) reply.unread = unread;
  }
  return reply;
}
