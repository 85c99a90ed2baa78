/**
 * One record in a dialect: the standard record's fields renamed, its words and times said the
 * dialect's way, and the studio's and workspaces' open fields reshaped. Only top-level names change
 * (nested objects keep theirs) except where a point says otherwise (steps, runners, verdicts).
 */
import type { Choices, DialectSpec } from './points';
import { computeWord, deployWord, inCase, runWord } from './words';

export type Rec = Record<string, unknown>;
export const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The record kinds whose fields differ, by what the reshaper must know of them. */
export type Kind =
  | 'compute'
  | 'cluster'
  | 'infra'
  | 'skill'
  | 'file'
  | 'workflow'
  | 'version'
  | 'evalCase'
  | 'suite'
  | 'run'
  | 'workspace'
  | 'chat'
  | 'deployment'
  | 'plain';

const TIME_KEY = /(_at|_since)$/;

/** ISO times as the dialect writes them, at any depth (ids and other text are left alone). */
export function times(v: unknown, ch: Choices): unknown {
  if (ch.time === 'iso') return v;
  if (Array.isArray(v)) return v.map((x) => times(x, ch));
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    const ms = TIME_KEY.test(k) && typeof x === 'string' ? Date.parse(x) : NaN;
    out[k] = Number.isNaN(ms) ? times(x, ch) : ch.time === 'epoch_ms' ? ms : Math.floor(ms / 1000);
  }
  return out;
}

/** The name a dialect gives a record's identifier (`kind_id` uses the record's own kind word). */
export function idName(ch: Choices, kindWord: string): string {
  return ch.id === 'kind_id' ? `${kindWord}_id` : ch.id;
}

function rename(rec: Rec, from: string, to: string): void {
  if (from === to || !(from in rec)) return;
  const entries = Object.entries(rec).map(([k, v]) => [k === from ? to : k, v] as const);
  for (const k of Object.keys(rec)) delete rec[k];
  Object.assign(rec, Object.fromEntries(entries));
}

function verdict(rec: Rec, ch: Choices): Rec {
  if (typeof rec.passed !== 'boolean' || ch.verdict === 'passed') return rec;
  const passed = rec.passed;
  delete rec.passed;
  if (ch.verdict === 'verdict') rec.verdict = passed ? 'pass' : 'fail';
  else rec.result = passed ? 'passed' : 'failed';
  return rec;
}

function caseVerdict(v: Rec, ch: Choices): Rec {
  const out = verdict({ ...v }, ch);
  rename(out, 'kind', ch.evalKind);
  return out;
}

function runner(r: unknown, ch: Choices): unknown {
  if (!isRec(r)) return r;
  const out = { ...r };
  rename(out, 'weight', ch.weight);
  return out;
}

function deployment(rec: Rec, ch: Choices): void {
  const d = rec.deployment;
  if (!isRec(d) || ch.deployment === 'deployment') {
    if (isRec(d)) rec.deployment = { ...d, canary: runner(d.canary, ch) };
    return;
  }
  const primary = isRec(d.primary) ? d.primary : null;
  const canary = isRec(d.canary) ? (runner(d.canary, ch) as Rec) : null;
  delete rec.deployment;
  if (ch.deployment === 'primary_runner') Object.assign(rec, { primary_runner: primary, canary_runner: canary });
  else if (ch.deployment === 'runners') {
    const runners = [];
    if (primary) runners.push({ role: 'primary', ...primary });
    if (canary) runners.push({ role: 'canary', ...canary });
    rec.runners = runners;
  } else {
    rec.deployed_version = primary?.version ?? null;
    rec.canary_version = canary?.version ?? null;
    rec[`canary_${ch.weight}`] = canary?.[ch.weight] ?? null;
  }
}

function step(s: unknown, ch: Choices): unknown {
  if (!isRec(s)) return s;
  const out = { ...s };
  if ('status' in out) out.status = runWord(ch, out.status);
  rename(out, 'status', ch.stateField);
  rename(out, 'node_id', ch.stepKey);
  return out;
}

const COMMIT_WHY: Readonly<Record<string, string>> = {
  push: 'Push',
  manual: 'Manual deploy',
  initial: 'Initial deploy',
};

function commitMessage(rec: Rec, ch: Choices): void {
  if (ch.commitMessage === 'none' || typeof rec.commit !== 'string') return;
  const message = `${COMMIT_WHY[String(rec.trigger)] ?? 'Deploy'} of ${rec.commit.slice(0, 7)}`;
  if (ch.commitMessage === 'commit_object') rec.commit = { sha: rec.commit, message };
  else rec[ch.commitMessage] = message;
}

type Word = (ch: Choices, w: unknown) => unknown;
const caseOnly: Word = (c, w) => (typeof w === 'string' ? inCase(w, c.stateCase) : w);

/** How one kind's fields are said: new names, new values, fields left out (one pass over the record). */
interface Plan {
  names: Record<string, string>;
  values: Record<string, (v: unknown) => unknown>;
  drop?: string;
}

function statePlan(plan: Plan, ch: Choices, word: Word, desired: boolean): void {
  plan.names.status = ch.stateField;
  plan.values.status = (v) => word(ch, v);
  if (!desired) return;
  if (ch.currentOnly === 'yes') plan.drop = 'desired_status';
  plan.names.desired_status = `desired_${ch.stateField}`;
  plan.values.desired_status = (v) => word(ch, v);
}

function planFor(kind: Kind, kindWord: string, ch: Choices): Plan {
  const plan: Plan = { names: { name: ch.name }, values: {} };
  const { names, values } = plan;
  if (kind === 'skill' || kind === 'workflow') names.description = ch.description;
  if (kind !== 'deployment' && kind !== 'chat' && kind !== 'version' && kind !== 'file')
    names.id = idName(ch, kindWord);
  if (kind === 'compute' || kind === 'cluster') statePlan(plan, ch, computeWord, true);
  if (kind === 'infra') statePlan(plan, ch, caseOnly, true);
  if (kind === 'cluster') names.workers = ch.workers;
  if (kind === 'file') names.path = ch.filePath;
  if (kind === 'workflow') names.draft_spec = ch.draftField;
  if (kind === 'version' && ch.publishReply === 'version_number') names.version = 'version_number';
  if (kind === 'evalCase') Object.assign(names, { kind: ch.evalKind, expected: ch.evalExpected });
  if (kind === 'suite') {
    names.target = ch.evalTarget;
    values.verdicts = (v) => (Array.isArray(v) ? v.map((x) => (isRec(x) ? caseVerdict(x, ch) : x)) : v);
  }
  if (kind === 'run') {
    statePlan(plan, ch, runWord, false);
    Object.assign(names, { steps: ch.steps, input: ch.runInput });
    values.steps = (v) => (Array.isArray(v) ? v.map((x) => step(x, ch)) : v);
  }
  if (kind === 'workspace') names.template = ch.template;
  if (kind === 'chat') names.prompt = ch.chatPrompt;
  if (kind === 'deployment') values.status = (v) => deployWord(ch, v);
  return plan;
}

const plans = new Map<string, Plan>();

/** Reshapes one record of `kind`; `kindWord` names its kind for `<kind>_id`. Renames are simultaneous. */
export function reshapeRecord(raw: Rec, kind: Kind, kindWord: string, spec: DialectSpec): Rec {
  const ch = spec.choices;
  const key = `${spec.name}\u0000${kind}\u0000${kindWord}`;
  let plan = plans.get(key);
  if (!plan) plans.set(key, (plan = planFor(kind, kindWord, ch)));
  const rec: Rec = {};
  for (const k in raw) {
    if (k === plan.drop) continue;
    const value = plan.values[k];
    rec[plan.names[k] ?? k] = value ? value(raw[k]) : raw[k];
  }
  if (kind === 'workflow') deployment(rec, ch);
  if (kind === 'suite') verdict(rec, ch);
  if (kind === 'deployment') commitMessage(rec, ch);
  return times(rec, ch) as Rec;
}
