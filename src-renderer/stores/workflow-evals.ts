/**
 * Eval cases and suite verdicts of one workflow, read tolerantly (the spec names the kinds —
 * contains, equals, LLM-judge — and "suites, newest first", not the fields), and the moves on
 * them: save a case, delete one, run the suite against primary or canary.
 */
import { agent } from '../agent';
import { defineResource, resources, useResource, type ResourceView } from '../data';
import { idOf, isRecord, listOf, nameOf, pick, timeOf, type Raw } from '../lib/tolerant';
import type { WorkflowRef } from './workflows';

export type EvalKind = 'contains' | 'equals' | 'llm_judge';

export interface EvalCase {
  key: string;
  id: string | undefined;
  name: string;
  kind: EvalKind | string;
  /** The input as text for the editor (JSON when it is not a string). */
  input: string;
  /** `expected` for contains/equals, `criteria` for the judge. */
  expected: string;
  raw: Raw;
}

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

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);

export function normalKind(v: string | undefined): string {
  const s = (v ?? '').toLowerCase().replace(/[\s-]+/g, '_');
  if (/judge/.test(s)) return 'llm_judge';
  return s || 'contains';
}

export function toEvalCase(raw: Raw, i: number): EvalCase {
  const id = idOf(raw) ?? pick(raw, 'case_id');
  return {
    key: id ?? `#${i}`,
    id,
    name: nameOf(raw) ?? pick(raw, 'title') ?? id ?? `Case ${i + 1}`,
    kind: normalKind(pick(raw, 'kind', 'type', 'assertion')),
    input: asText(raw.input ?? raw.prompt),
    expected: asText(raw.expected ?? raw.criteria ?? raw.expect ?? raw.rubric),
    raw,
  };
}

function passedOf(r: Raw): boolean {
  for (const k of ['passed', 'pass', 'ok', 'success']) if (typeof r[k] === 'boolean') return r[k];
  return /^(pass|passed|ok|success|succeeded)$/i.test(pick(r, 'status', 'state', 'verdict', 'result') ?? '');
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

export function toSuite(raw: Raw, i: number, names: ReadonlyMap<string, string>): Suite {
  const list = ['verdicts', 'results', 'cases', 'items'].map((k) => raw[k]).find(Array.isArray) as
    unknown[] | undefined;
  const verdicts = (list ?? []).filter(isRecord).map((v, j): Verdict => {
    const caseId = pick(v, 'case_id', 'caseId', 'case', 'id');
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
  const id = idOf(raw) ?? pick(raw, 'suite_id');
  return {
    key: id ?? `#${i}`,
    id,
    target: pick(raw, 'target', 'runner', 'track'),
    version: num(raw.version),
    passed: passedOf(raw),
    createdAt: timeOf(raw, 'created_at', 'createdAt', 'finished_at', 'ran_at'),
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

const casesResource = defineResource<EvalCase[], WorkflowRef>({
  name: 'workflows.evals.list',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  fetch: async (w) =>
    listOf(await agent.call(w.zone, 'workflows.evals.list', { params: { id: w.id } })).map(toEvalCase),
});

const suitesResource = defineResource<Raw[], WorkflowRef>({
  name: 'workflows.evals.results',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  poll: 15_000,
  fetch: async (w) => listOf(await agent.call(w.zone, 'workflows.evals.results', { params: { id: w.id } })),
});

export function useEvalCases(ref: () => WorkflowRef | null): ResourceView<EvalCase[]> {
  return useResource(casesResource, ref);
}

export function useEvalSuites(ref: () => WorkflowRef | null): ResourceView<Raw[]> {
  return useResource(suitesResource, ref);
}

export function suitesChanged(ref: WorkflowRef): void {
  resources.invalidate({ zone: ref.zone, name: suitesResource.name, parts: [ref.id] });
}

function casesChanged(ref: WorkflowRef): void {
  resources.invalidate({ zone: ref.zone, name: casesResource.name, parts: [ref.id] });
}

export interface CaseDraft {
  id?: string;
  name: string;
  kind: string;
  input: string;
  expected: string;
}

/** Input typed as JSON is sent as JSON; anything else as the text itself. */
function inputValue(text: string): unknown {
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

export async function saveCase(ref: WorkflowRef, c: CaseDraft): Promise<void> {
  const body: Raw = { name: c.name, kind: c.kind, input: inputValue(c.input) };
  if (c.id) body.id = c.id;
  body[c.kind === 'llm_judge' ? 'criteria' : 'expected'] = c.expected;
  try {
    await agent.call(ref.zone, 'workflows.evals.put', { params: { id: ref.id }, body });
  } finally {
    casesChanged(ref);
  }
}

export async function deleteCase(ref: WorkflowRef, caseId: string): Promise<void> {
  try {
    await agent.call(ref.zone, 'workflows.evals.delete', { params: { id: ref.id, caseId } });
  } finally {
    casesChanged(ref);
  }
}

export async function runSuite(ref: WorkflowRef, target: 'primary' | 'canary'): Promise<Suite | null> {
  try {
    const reply = await agent.call(ref.zone, 'workflows.evals.run', { params: { id: ref.id }, body: { target } });
    return isRecord(reply) ? toSuite(reply, 0, new Map()) : null;
  } finally {
    suitesChanged(ref);
  }
}
