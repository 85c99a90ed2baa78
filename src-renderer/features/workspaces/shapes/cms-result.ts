/**
 * A CMS command's result, whatever shape the zone answers in (the spec leaves it "not shown"): an
 * exit status under exit_code | exit_status | exitCode | return_code | rc | code | status (a
 * number), a flag ok | success | succeeded | passed, a word under status | state | result |
 * outcome, and the output under output | stdout (+ stderr) | result | text | log, at the top or
 * in a {result|data} envelope. "Passed" only when the zone said it succeeded (exit 0, a true flag,
 * a success word); a non-zero exit, a false flag or a failed word is "failed"; anything else is
 * "finished", neutral: the zone ran it and did not say how it went. Names are read in any letter
 * case (`ExitCode`, `Output`); a reply in names of its own (`{pa2j: true, dip93: "…"}`) is read by
 * value where no name fits: its one boolean is the flag, its one text the output.
 */
import { isRecord, type Raw } from '@contract/tolerant';
import { recordOf } from '../../../lib/tolerant';
import { classify } from '@contract/state-vocabulary';
import { field, namesOf, unreadFields } from '../../../shapes/words';

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

const flat = (k: string) => k.replace(/[-_]/g, '').toLowerCase();

/** The record's values under each of `names`, in order, matched in any letter case (`ExitCode` is exit_code). */
function under(r: Raw, names: readonly string[]): unknown[] {
  const keys = new Map<string, string>();
  for (const k of Object.keys(r)) if (!keys.has(flat(k))) keys.set(flat(k), k);
  return names.flatMap((n) => {
    const k = keys.get(flat(n));
    return k === undefined ? [] : [r[k]];
  });
}

/** The first of the exit names the record holds a number under. */
function exitOf(r: Raw): number | undefined {
  return under(r, EXIT.names)
    .map(numberOf)
    .find((v) => v !== undefined);
}

/** The first of the word names the record holds a word (not a number) under. */
function wordOf(r: Raw): string | undefined {
  return under(r, WORD.names).find(
    (v): v is string => typeof v === 'string' && numberOf(v) === undefined && v.trim() !== '',
  );
}

/** The record's one value of a type, when it has exactly one (a reply in names of its own). */
function lone<T>(r: Raw, is: (v: unknown) => v is T): T | undefined {
  const found = Object.values(r).filter(is);
  return found.length === 1 ? found[0] : undefined;
}

export function readCmsReply(data: unknown): CmsReply {
  if (typeof data === 'string') return { exitCode: undefined, output: data, outcome: 'finished' };
  if (!isRecord(data)) {
    const output = data === null || data === undefined ? '' : JSON.stringify(data);
    return { exitCode: undefined, output, outcome: 'finished' };
  }
  // A document's record (or, with no resource, its meta) is the reply.
  const doc = recordOf(data);
  const inner = [doc.result, doc.data].find(isRecord);
  const r = inner ?? doc;
  const exitCode = exitOf(r);
  const named = under(r, FLAG.names).find((v): v is boolean => typeof v === 'boolean');
  const word = wordOf(r);
  // No name of ours fits at all: the zone's one boolean says how it went, and its one text is the output.
  const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
  const byValue = named === undefined && exitCode === undefined && word === undefined ? lone(r, isBool) : undefined;
  const flag = named ?? byValue;
  const result = under(r, ['result'])[0];
  const out =
    under(r, OUTPUT.names)
      .map(textOf)
      .find((t) => t !== undefined && !(t === word && t === result)) ??
    (byValue === undefined ? undefined : lone(r, (v): v is string => typeof v === 'string'));
  const err = under(r, STDERR.names)
    .map(textOf)
    .find((t) => t !== undefined);
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
