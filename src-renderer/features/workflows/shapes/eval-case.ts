/**
 * Eval cases, suites and the eval gate in the zone's words. The spec names the kinds (contains,
 * equals, LLM-judge), "suites, newest first" and require_eval_pass, not the fields: each is known
 * by its role and the names zones give it. A case is written under its own record's names, a new
 * one under the zone's other cases' names (its kind spelled as they spell it); a suite run's
 * target under the name the zone's suites use.
 */
import type { AgentErrorData } from '@contract/errors';
import type { WordChoice } from '@contract/zone-words';
import { idOf, isRecord, pick, type Raw } from '@contract/tolerant';
import { expectedNames, fieldMeant } from './refusal';
import { field, nameIn, valueIn, worded, type FieldWords, type Worded } from '../../../shapes/words';
import type { Missed } from '../../../shapes/kept-elsewhere';
import type { KindReader } from '@contract/dictionary/kind-reader';
import { recordView } from './record-view';

export type EvalKind = 'contains' | 'equals' | 'llm_judge';

export const CASE_FIELDS = {
  name: field('evalCase.name', 'name', 'display_name', 'title', 'label'),
  kind: field('evalCase.kind', 'kind', 'type', 'assertion', 'assert', 'check'),
  input: field('evalCase.input', 'input', 'prompt', 'inputs', 'payload'),
  expected: field('evalCase.expected', 'expected', 'expect', 'value', 'expected_output', 'criteria', 'rubric'),
} as const;
export type CaseField = keyof typeof CASE_FIELDS;
const CRITERIA = field('evalCase.criteria', 'criteria', 'rubric', 'judge_criteria', 'expected', 'expect', 'value');
const CASE_ID = field('evalCase.id', 'id', 'uuid', 'case_id');
const RUN_TARGET = field('evalRun.target', 'target', 'runner', 'against', 'track');

export interface EvalCase {
  key: string;
  id: string | undefined;
  name: string;
  kind: EvalKind | string;
  /** The input as text for the editor (JSON when it is not a string). */
  input: string;
  /** What is expected (contains/equals), or the judge's criteria. */
  expected: string;
  raw: Raw;
}

export const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);

export function normalKind(v: string | undefined): string {
  const s = (v ?? '').toLowerCase().replace(/[\s-]+/g, '_');
  if (/judge/.test(s)) return 'llm_judge';
  if (/^(equal|equals|eq|exact|exact_match)$/.test(s)) return 'equals';
  if (/^(contain|contains|includes|substring)$/.test(s)) return 'contains';
  return s || 'contains';
}

/** Names the zone taught by role (a refusal, or a save it kept elsewhere): read after ours. */
export type LearnedNames = Readonly<Record<string, string>>;

const also = (f: FieldWords, learned: LearnedNames | undefined): FieldWords => {
  const n = learned?.[f.role];
  return n && !f.names.includes(n) ? { role: f.role, names: [...f.names, n] } : f;
};

/**
 * A case as the form shows it. `reader` is the zone's reader of its cases (its dictionary, else
 * their values): it says the id and the name first (Google's `name` is a resource path, its case's
 * name `displayName`); a name the zone taught by a save comes before both.
 */
export function toEvalCase(raw: Raw, i: number, learned?: LearnedNames, reader?: KindReader): EvalCase {
  // Its fields wherever the style nests them (`attributes`, a `spec`): the top's `type`/`kind` is
  // then the style's resource kind, and the nested record's own says the case's.
  const view = recordView(raw);
  const id = reader?.id(raw) ?? idOf(view) ?? pick(view, 'case_id');
  const taught = learned?.[CASE_FIELDS.name.role];
  const name = (taught ? pick(view, taught) : undefined) ?? reader?.name(raw) ?? pick(view, ...CASE_FIELDS.name.names);
  const kind = normalKind(pick(view, ...also(CASE_FIELDS.kind, learned).names));
  const expected =
    kind === 'llm_judge' ? valueIn(view, also(CRITERIA, learned)) : valueIn(view, also(CASE_FIELDS.expected, learned));
  return {
    key: id ?? `#${i}`,
    id,
    name: name ?? id ?? `Case ${i + 1}`,
    kind,
    input: asText(valueIn(view, also(CASE_FIELDS.input, learned))),
    expected: asText(expected),
    raw,
  };
}

/**
 * A case's id as one segment of its path. A zone whose id is the resource name (AIP-122's
 * `workflows/w1/evals/c1`, read as the id when the record carries nothing else) is named in a path
 * by its last segment: the route already names the workflow, and a slash, encoded, is no segment
 * any zone routes.
 */
export function casePathId(id: string): string {
  const last = id.split('/').filter(Boolean).at(-1);
  return last ?? id;
}

export interface CaseDraft {
  id?: string;
  name: string;
  kind: string;
  input: string;
  expected: string;
}

/** Input typed as JSON is sent as JSON; anything else as the text itself. */
export function inputValue(text: string): unknown {
  const t = text.trim();
  if (/^[[{"]/.test(t)) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** The kind as the zone spells it (its other cases' word for the same kind), else ours. */
function kindWord(kind: string, like: readonly Raw[]): string {
  for (const r of like) {
    const w = pick(recordView(r), ...CASE_FIELDS.kind.names);
    if (w && normalKind(w) === kind) return w;
  }
  return kind;
}

/**
 * A case's body: an edit under the case's own names (firm), a new case under the zone's other
 * cases' names, the judge's criteria under the name the zone's judge cases use.
 */
export function caseBody(c: CaseDraft, own: Raw | undefined, others: readonly Raw[]): Worded {
  const like = own ? [own] : others;
  const judge = c.kind === 'llm_judge';
  const sameKind = like.filter(
    (r) => (normalKind(pick(recordView(r), ...CASE_FIELDS.kind.names)) === 'llm_judge') === judge,
  );
  const main = worded(
    [
      [CASE_ID, c.id],
      [CASE_FIELDS.name, c.name],
      [CASE_FIELDS.kind, kindWord(c.kind, [...(own ? [own] : []), ...others])],
      [CASE_FIELDS.input, inputValue(c.input)],
    ],
    like,
  );
  const exp = worded([[judge ? CRITERIA : CASE_FIELDS.expected, c.expected]], sameKind.length ? sameKind : undefined);
  return { values: { ...main.values, ...exp.values }, words: { ...main.words, ...exp.words } };
}

/** The case a save's reply carries (the record, or one under case/data), else undefined. */
export function caseOf(reply: unknown): Raw | undefined {
  if (!isRecord(reply)) return undefined;
  for (const k of ['case', 'eval', 'data']) if (isRecord(reply[k])) return reply[k] as Raw;
  return nameIn(reply, CASE_FIELDS.name) || nameIn(reply, CASE_FIELDS.input) ? reply : undefined;
}

/** The case as the zone kept it, compared with what was typed (same field words). */
export function sameCase(sent: CaseDraft, kept: EvalCase): boolean {
  const norm = (t: string) => asText(inputValue(t));
  return (
    sent.name === kept.name &&
    normalKind(sent.kind) === kept.kind &&
    norm(sent.input) === norm(kept.input) &&
    sent.expected === kept.expected
  );
}

/**
 * The typed values the zone did not keep, each with the name it was sent under (`body` is what was
 * sent): what shapes/kept-elsewhere.ts looks for a field for.
 */
export function missedValues(sent: CaseDraft, kept: EvalCase, body: Worded): (Missed & { field: CaseField })[] {
  const judge = normalKind(sent.kind) === 'llm_judge';
  const norm = (t: string) => asText(inputValue(t));
  const differs: Record<CaseField, boolean> = {
    name: sent.name !== kept.name,
    kind: normalKind(sent.kind) !== kept.kind,
    input: norm(sent.input) !== norm(kept.input),
    expected: sent.expected !== kept.expected,
  };
  const out: (Missed & { field: CaseField })[] = [];
  for (const f of Object.keys(differs) as CaseField[]) {
    if (!differs[f]) continue;
    const role = f === 'expected' && judge ? CRITERIA.role : CASE_FIELDS[f].role;
    const sentAs = Object.keys(body.words).find((k) => body.words[k]!.role === role);
    if (sentAs !== undefined) out.push({ field: f, role, sentAs, value: body.values[sentAs] });
  }
  return out;
}

const REFUSAL_FIELDS: Record<CaseField, FieldWords> = {
  ...CASE_FIELDS,
  expected: { role: 'evalCase.expected', names: [...CASE_FIELDS.expected.names, ...CRITERIA.names] },
};

/** A refused save in words beside the form's fields: which field the zone wants under which name. */
export function caseRefusal(
  err: AgentErrorData,
  sent: Readonly<Record<string, WordChoice>>,
): Partial<Record<CaseField, string>> {
  const out: Partial<Record<CaseField, string>> = {};
  for (const name of expectedNames(err)) {
    if (name in sent) continue;
    const f = fieldMeant(name, REFUSAL_FIELDS);
    if (f && !out[f]) out[f] = `The zone wants \`${name}\` for this field.`;
  }
  return out;
}

/**
 * The names a refusal asked for that match none of the form's fields (a zone's own identifiers:
 * `zn8w`, `ob5`): a person says which is which (ChooseWriteNamesDialog), nothing is guessed.
 */
export function unplacedNames(err: AgentErrorData, sent: Readonly<Record<string, WordChoice>>): string[] {
  return expectedNames(err).filter((n) => !(n in sent) && !fieldMeant(n, REFUSAL_FIELDS));
}

/** A suite run's body: the target under the name the zone's suites record it. */
export function evalRunBody(target: 'primary' | 'canary', suites: readonly Raw[]): Worded {
  const w = worded([[RUN_TARGET, target]], suites);
  const words: Record<string, WordChoice> = {};
  for (const [k, c] of Object.entries(w.words)) words[k] = { role: c.role, ...(c.alts ? { alts: c.alts } : {}) };
  return { values: w.values, words };
}

/** The eval gate's body: the spec names the setting require_eval_pass. */
export function evalGateBody(on: boolean): Raw {
  return { require_eval_pass: on };
}

/** The suite a gate refusal names (latest_suite_id, suite_id, suite). */
export function gateSuiteOf(details: unknown): string | undefined {
  return isRecord(details) ? pick(details, 'latest_suite_id', 'suite_id', 'suite') : undefined;
}
