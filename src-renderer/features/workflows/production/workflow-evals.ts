/**
 * Eval cases and suite verdicts of one workflow, read tolerantly (the spec names the kinds —
 * contains, equals, LLM-judge — and "suites, newest first", not the fields), and the moves on
 * them: save a case, delete one, run the suite against primary or canary.
 */
import { agent } from '../../../agent';
import { resources, useResource, type ResourceView } from '../../../data';
import { defineRecordResource, recordResourceChanged } from '../../../composables/zone-records';
import { toErrorData } from '../../../lib/errors';
import { isRecord, listOf, type Raw } from '../../../lib/tolerant';
import {
  caseBody,
  caseOf,
  caseRefusal,
  evalRunBody,
  sameCase,
  toEvalCase,
  type CaseDraft,
  type CaseField,
  type EvalCase,
} from '../shapes/eval-case';
import { toSuite, type Suite } from '../shapes/eval-suite';
import type { WorkflowRef } from '../workflows';
import { reportError } from '../../../data/report-error';

export type { CaseDraft, CaseField, EvalCase, EvalKind } from '../shapes/eval-case';
export { newestFirst, toSuite, type Suite, type Verdict } from '../shapes/eval-suite';

const casesResource = defineRecordResource<EvalCase[]>({
  name: 'workflows.evals.list',
  fetch: async (w, { signal }) =>
    listOf(await agent.call(w.zone, 'workflows.evals.list', { signal, params: { id: w.id } })).map(toEvalCase),
});

const suitesResource = defineRecordResource<Raw[]>({
  name: 'workflows.evals.results',
  poll: 15_000,
  fetch: async (w, { signal }) =>
    listOf(await agent.call(w.zone, 'workflows.evals.results', { signal, params: { id: w.id } })),
});

export function useEvalCases(ref: () => WorkflowRef | null): ResourceView<EvalCase[]> {
  return useResource(casesResource, ref);
}

export function useEvalSuites(ref: () => WorkflowRef | null): ResourceView<Raw[]> {
  return useResource(suitesResource, ref);
}

export function suitesChanged(ref: WorkflowRef): void {
  recordResourceChanged(suitesResource, ref);
}

function casesChanged(ref: WorkflowRef): void {
  recordResourceChanged(casesResource, ref);
}

/** A case save: kept as typed; refused with the fields the zone named; or kept otherwise than typed. */
export type CaseSaveResult =
  | { ok: true }
  | { ok: false; refused: string; fields: Partial<Record<CaseField, string>> }
  | { ok: false; notKept: EvalCase };

/**
 * Saves a case under the zone's names (its own record's, else the zone's other cases'), then
 * compares what the zone kept (the reply's case, else the list read back) with what was typed.
 */
export async function saveCase(ref: WorkflowRef, c: CaseDraft): Promise<CaseSaveResult> {
  const cases = resources.state(casesResource, ref).data ?? [];
  const own = c.id ? cases.find((x) => x.id === c.id)?.raw : undefined;
  const { values, words } = caseBody(
    c,
    own,
    cases.map((x) => x.raw),
  );
  try {
    let reply: unknown;
    try {
      reply = await agent.call(ref.zone, 'workflows.evals.put', {
        params: { id: ref.id },
        body: values,
        words: { body: words },
      });
    } catch (e) {
      const err = toErrorData(e);
      if (err.status !== 400 && err.status !== 422) throw e;
      return { ok: false, refused: err.message, fields: caseRefusal(err, words) };
    }
    const fromReply = caseOf(reply);
    const kept = fromReply ? toEvalCase(fromReply, 0) : await readBack(ref, c);
    if (!kept || sameCase(c, kept)) return { ok: true };
    return { ok: false, notKept: kept };
  } finally {
    casesChanged(ref);
  }
}

/** The case as the zone lists it now: by id, else by name. */
async function readBack(ref: WorkflowRef, c: CaseDraft): Promise<EvalCase | undefined> {
  try {
    const all = listOf(await agent.call(ref.zone, 'workflows.evals.list', { params: { id: ref.id } })).map(toEvalCase);
    return all.find((x) => (c.id ? x.id === c.id : x.name === c.name));
  } catch (e) {
    // Nothing to compare with: the save is taken as kept, and the log says why.
    reportError('workflow-evals', e, { step: 'read back' }, 'warn');
    return undefined;
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
    const { values, words } = evalRunBody(target, resources.state(suitesResource, ref).data ?? []);
    const reply = await agent.call(ref.zone, 'workflows.evals.run', {
      params: { id: ref.id },
      body: values,
      words: { body: words },
    });
    const rec = isRecord(reply) && isRecord(reply.suite) ? reply.suite : reply;
    return isRecord(rec) ? toSuite(rec, 0, new Map()) : null;
  } finally {
    suitesChanged(ref);
  }
}
