/**
 * Eval suites and their verdicts as the zone sends them: the spec says "verdicts grouped into
 * suites, newest first", not the fields, so each is looked for under the names zones use.
 */
import { idOf, isRecord, pick, timeOf, type Raw } from '@contract/tolerant';
import { PROTO_KEYS } from '@contract/zone-words';
import { isTimeLike } from '@contract/dictionary/value-shapes';
import { asText } from './eval-case';
import { recordView } from './record-view';

export interface Verdict {
  key: string;
  caseId: string | undefined;
  caseName: string | undefined;
  kind: string | undefined;
  passed: boolean;
  output: string;
  reason: string;
}

export interface Suite {
  key: string;
  id: string | undefined;
  target: string | undefined;
  version: number | undefined;
  passed: boolean;
  createdAt: Date | undefined;
  verdicts: Verdict[];
  passCount: number;
  failCount: number;
}

const PASS_WORD = /^(pass|passed|ok|success|succeeded)$/i;
const VERDICT_WORD = /^(pass|passed|ok|success|succeeded|fail|failed|failure|error)$/i;

/**
 * Passed only when the zone said so: a true flag, or a success word, under the names zones use;
 * else by value (a zone in names nobody here wrote): the record's one boolean, else its one field
 * holding a verdict word.
 */
function passedOf(r: Raw): boolean {
  for (const k of ['passed', 'pass', 'ok', 'success']) if (typeof r[k] === 'boolean') return r[k];
  const word = pick(r, 'status', 'state', 'verdict', 'result');
  if (word !== undefined) return PASS_WORD.test(word);
  const values = Object.values(r);
  const flags = values.filter((v) => typeof v === 'boolean');
  if (flags.length === 1) return flags[0] as boolean;
  const words = values.filter((v): v is string => typeof v === 'string' && VERDICT_WORD.test(v));
  return words.length === 1 && PASS_WORD.test(words[0]!);
}

/** The one field whose value passes `test`, when exactly one does (a guess between two is no reading). */
function onlyValue(r: Raw, test: (v: unknown) => boolean): unknown {
  const hits = Object.values(r).filter(test);
  return hits.length === 1 ? hits[0] : undefined;
}

/** A suite's verdicts under the names zones use, else its one list of records. */
function verdictList(raw: Raw): unknown[] | undefined {
  const named = ['verdicts', 'results', 'cases', 'items'].map((k) => raw[k]).find(Array.isArray);
  if (named) return named as unknown[];
  return onlyValue(raw, (v) => Array.isArray(v) && v.length > 0 && v.every(isRecord)) as unknown[] | undefined;
}

/**
 * The record with its PascalCase and camelCase keys also under their snake_case names (`Verdicts`,
 * `CaseId`, `Passed` of an AWS-style zone), so one list of names reads every case style; a key the
 * record already has is kept as it is, and prototype keys are never written.
 */
function snakeView(r: Raw): Raw {
  const out: Raw = { ...r };
  for (const k of Object.keys(r).slice(0, 200)) {
    const snake = k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    if (snake !== k && !PROTO_KEYS.has(snake) && !Object.hasOwn(out, snake)) out[snake] = r[k];
  }
  return out;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function toSuite(rec: Raw, i: number, names: ReadonlyMap<string, string>): Suite {
  // Its fields wherever the style nests them (a `spec`/`status`, `attributes`); `rec` stays the zone's.
  const raw = snakeView(recordView(rec));
  const list = verdictList(raw);
  const verdicts = (list ?? []).filter(isRecord).map((one, j): Verdict => {
    const v = snakeView(one);
    // Else by value: the field holding the id of a case the zone listed.
    const caseId =
      pick(v, 'case_id', 'caseId', 'case', 'id') ??
      (onlyValue(v, (x) => typeof x === 'string' && names.has(x)) as string | undefined);
    return {
      key: `${caseId ?? ''}#${j}`,
      caseId,
      caseName: (caseId && names.get(caseId)) ?? pick(v, 'name', 'case_name'),
      kind: pick(v, 'kind', 'type'),
      passed: passedOf(v),
      output: asText(v.output ?? v.actual),
      reason: asText(v.reason ?? v.message ?? v.explanation),
    };
  });
  const passCount = verdicts.filter((v) => v.passed).length;
  const id = idOf(raw) ?? pick(raw, 'suite_id', 'eval_suite_id');
  return {
    key: id ?? `#${i}`,
    id,
    target:
      pick(raw, 'target', 'runner', 'against', 'track') ??
      (onlyValue(raw, (x) => typeof x === 'string' && /^(primary|canary)$/i.test(x)) as string | undefined),
    version: num(raw.version) ?? num(raw.version_number),
    passed: passedOf(raw),
    createdAt:
      timeOf(raw, 'created_at', 'createdAt', 'finished_at', 'ran_at', 'creation_time') ??
      timeOf(
        raw,
        ...Object.keys(raw)
          .filter((k) => isTimeLike(raw[k]))
          .slice(0, 1),
      ),
    verdicts,
    passCount,
    failCount: verdicts.length - passCount,
  };
}

/** Newest first whatever order the zone sent (the list is by time when times are given). */
export function newestFirst(suites: Suite[]): Suite[] {
  if (!suites.every((s) => s.createdAt)) return suites;
  return [...suites].sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime());
}
