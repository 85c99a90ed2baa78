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

function state(rec: Rec, ch: Choices, word: (ch: Choices, w: unknown) => unknown, desired = true): void {
  if ('status' in rec) rec.status = word(ch, rec.status);
  if (desired && 'desired_status' in rec) {
    if (ch.currentOnly === 'yes') delete rec.desired_status;
    else rec.desired_status = word(ch, rec.desired_status);
  }
  rename(rec, 'desired_status', `desired_${ch.stateField}`);
  rename(rec, 'status', ch.stateField);
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

/** Reshapes one record of `kind`; `kindWord` names its kind for `<kind>_id`. */
export function reshapeRecord(raw: Rec, kind: Kind, kindWord: string, spec: DialectSpec): Rec {
  const ch = spec.choices;
  const rec: Rec = { ...raw };
  // Names first: a kind's own renames may use the name a record's `name` would otherwise take.
  rename(rec, 'name', ch.name);
  if (kind === 'skill' || kind === 'workflow') rename(rec, 'description', ch.description);
  if (kind === 'compute' || kind === 'cluster') state(rec, ch, computeWord);
  else if (kind === 'infra') state(rec, ch, (c, w) => (typeof w === 'string' ? inCase(w, c.stateCase) : w));
  if (kind === 'cluster') rename(rec, 'workers', ch.workers);
  if (kind === 'file') rename(rec, 'path', ch.filePath);
  if (kind === 'workflow') {
    rename(rec, 'draft_spec', ch.draftField);
    deployment(rec, ch);
  }
  if (kind === 'version' && ch.publishReply === 'version_number') rename(rec, 'version', 'version_number');
  if (kind === 'evalCase') {
    rename(rec, 'kind', ch.evalKind);
    rename(rec, 'expected', ch.evalExpected);
  }
  if (kind === 'suite') {
    verdict(rec, ch);
    rename(rec, 'target', ch.evalTarget);
    if (Array.isArray(rec.verdicts)) rec.verdicts = rec.verdicts.map((v) => (isRec(v) ? caseVerdict(v, ch) : v));
  }
  if (kind === 'run') {
    state(rec, ch, runWord, false);
    if (Array.isArray(rec.steps)) rec.steps = rec.steps.map((s) => step(s, ch));
    rename(rec, 'steps', ch.steps);
    rename(rec, 'input', ch.runInput);
  }
  if (kind === 'workspace') rename(rec, 'template', ch.template);
  if (kind === 'chat') rename(rec, 'prompt', ch.chatPrompt);
  if (kind === 'deployment') {
    rec.status = deployWord(ch, rec.status);
    commitMessage(rec, ch);
  }
  if (kind !== 'deployment' && kind !== 'chat' && kind !== 'version' && kind !== 'file')
    rename(rec, 'id', idName(ch, kindWord));
  return times(rec, ch) as Rec;
}
