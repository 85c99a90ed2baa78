/**
 * Eval cases and suite verdicts of one workflow, read tolerantly (the spec names the kinds —
 * contains, equals, LLM-judge — and "suites, newest first", not the fields), and the moves on
 * them: save a case, delete one, run the suite against primary or canary.
 */
import { agent } from '../../../agent';
import { readRows, resources, storedReader, useResource, type ResourceView } from '../../../data';
import { defineRecordResource, recordResourceChanged } from '../../../composables/zone-records';
import { toErrorData } from '../../../lib/errors';
import { isRecord, listOf, recordOf, type Raw } from '../../../lib/tolerant';
import {
  caseBody,
  caseOf,
  casePathId,
  caseRefusal,
  unplacedNames,
  evalRunBody,
  missedValues,
  sameCase,
  toEvalCase,
  type CaseDraft,
  type CaseField,
  type EvalCase,
} from '../shapes/eval-case';
import type { WordChoice } from '@contract/zone-words';
import { learnedNames } from '../../../state/learned-names';
import { saveAgain } from '../../../data/save-again';
import { toSuite, type Suite } from '../shapes/eval-suite';
import { workflowRecordOf, type WorkflowRef } from '../workflows';
import { shapedLike } from '../../../shapes/words';
import { reportError } from '../../../data/report-error';

export type { CaseDraft, CaseField, EvalCase, EvalKind } from '../shapes/eval-case';
export { newestFirst, toSuite, type Suite, type Verdict } from '../shapes/eval-suite';

const casesResource = defineRecordResource<EvalCase[]>({
  name: 'workflows.evals.list',
  fetch: async (w, { signal }) => {
    const learned = learnedNames(w.zone);
    const list = listOf(await agent.call(w.zone, 'workflows.evals.list', { signal, params: { id: w.id } }));
    return readRows(w.zone, 'eval_case', list, (r, i, reader) => toEvalCase(r, i, learned, reader));
  },
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
  | { ok: true; learned?: string[] }
  | {
      ok: false;
      refused: string;
      fields: Partial<Record<CaseField, string>>;
      /** Names the zone asked for that match no field of the form, and the fields' roles and names sent. */
      unplaced?: { names: string[]; sent: { role: string; sentAs: string }[] };
    }
  | {
      ok: false;
      notKept: EvalCase;
      triedAs?: string[];
      unclear?: string[];
      /** The fields no field of the kept record could be named for, and the record's fields that might be. */
      unplaced?: { names: string[]; sent: { role: string; sentAs: string }[] };
    };

/**
 * Saves a case under the zone's names (its own record's, else the zone's other cases'), then
 * compares what the zone kept (the reply's case, else the list read back) with what was typed. A
 * value the zone dropped (most zones ignore a field they do not know) is written once more, as an
 * update of the same case, under the field of the case that should have held it (data/save-again.ts).
 */
export async function saveCase(ref: WorkflowRef, c: CaseDraft): Promise<CaseSaveResult> {
  const cases = resources.state(casesResource, ref).data ?? [];
  const own = c.id ? cases.find((x) => x.id === c.id)?.raw : undefined;
  const others = cases.map((x) => x.raw);
  // The first case of a workflow is structured as the workflow's record is (a `spec`, `attributes`).
  const body = shapedLike(caseBody(c, own, others), own ? [own] : others, workflowRecordOf(ref));
  try {
    let res;
    try {
      res = await put(ref, body);
    } catch (e) {
      const err = toErrorData(e);
      if (err.status !== 400 && err.status !== 422) throw e;
      const names = unplacedNames(err, body.words);
      const sent = Object.entries(body.words).map(([sentAs, w]) => ({ role: w.role, sentAs }));
      return {
        ok: false,
        refused: err.message,
        fields: caseRefusal(err, body.words),
        ...(names.length ? { unplaced: { names, sent } } : {}),
      };
    }
    const fromReply = caseOf(res.data);
    const learned = learnedNames(ref.zone);
    const known = new Set(cases.map((x) => x.id));
    const kept = fromReply
      ? toEvalCase(fromReply, 0, learned, storedReader(ref.zone, 'eval_case', fromReply))
      : await readBack(ref, c, known);
    if (!kept || sameCase(c, kept)) return { ok: true };
    if (!kept.id) return { ok: false, notKept: kept };
    const again = await saveAgain({
      zone: ref.zone,
      operationId: 'workflows.evals.put',
      body: caseBody({ ...c, id: kept.id }, kept.raw, others),
      readBack: kept.raw,
      missed: missedValues(c, kept, body),
      find: {
        sent: sentNames(body, res.sent?.body),
        typed: Object.values(body.values),
        ...(own ? { before: own } : {}),
        others,
      },
      write: async (b) => caseOf((await put(ref, b)).data) ?? (await readBack(ref, { ...c, id: kept.id }, known))?.raw,
    });
    const unclear = again.unnamed.map((u) => u.missed.sentAs);
    if (again.outcome === 'stuck' && !unclear.length) return { ok: true, learned: again.renames.map((r) => r.to) };
    const triedAs = again.outcome === 'unnamed' ? [] : again.renames.map((r) => r.to);
    const unplaced = {
      names: [...new Set(again.unnamed.flatMap((u) => u.found.candidates))],
      sent: again.unnamed.map((u) => ({ role: u.missed.role, sentAs: u.missed.sentAs })),
    };
    return {
      ok: false,
      notKept: kept,
      ...(triedAs.length ? { triedAs } : {}),
      ...(unclear.length ? { unclear, unplaced } : {}),
    };
  } finally {
    casesChanged(ref);
  }
}

/** The names the save went under: the agent's final ones for worded fields (it may send a learned one), else ours. */
function sentNames(body: { values: Raw; words: Record<string, WordChoice> }, final?: Readonly<Record<string, string>>) {
  if (!final) return Object.keys(body.values);
  return [...Object.keys(body.values).filter((k) => !body.words[k]), ...Object.values(final)];
}

function put(ref: WorkflowRef, b: { values: Raw; words: Record<string, WordChoice> }) {
  return agent.send(ref.zone, 'workflows.evals.put', {
    params: { id: ref.id },
    body: b.values,
    words: { body: b.words },
  });
}

/** The case as the zone lists it now: by id, else by name, else the one case that was not there before. */
async function readBack(ref: WorkflowRef, c: CaseDraft, before: ReadonlySet<string | undefined>) {
  try {
    const learned = learnedNames(ref.zone);
    const list = listOf(await agent.call(ref.zone, 'workflows.evals.list', { params: { id: ref.id } }));
    const all = readRows(ref.zone, 'eval_case', list, (r, i, reader) => toEvalCase(r, i, learned, reader));
    if (c.id) return all.find((x) => x.id === c.id);
    const fresh = all.filter((x) => x.id && !before.has(x.id));
    return all.find((x) => x.name === c.name) ?? (fresh.length === 1 ? fresh[0] : undefined);
  } catch (e) {
    // Nothing to compare with: the save is taken as kept, and the log says why.
    reportError('workflow-evals', e, { step: 'read back' }, 'warn');
    return undefined;
  }
}

export async function deleteCase(ref: WorkflowRef, caseId: string): Promise<void> {
  try {
    await agent.call(ref.zone, 'workflows.evals.delete', { params: { id: ref.id, caseId: casePathId(caseId) } });
  } finally {
    casesChanged(ref);
  }
}

export async function runSuite(ref: WorkflowRef, target: 'primary' | 'canary'): Promise<Suite | null> {
  try {
    const suites = resources.state(suitesResource, ref).data ?? [];
    // The first suite of a workflow: structured as the workflow's record is (a `spec`, `attributes`).
    const { values, words } = shapedLike(evalRunBody(target, suites), suites, workflowRecordOf(ref));
    const reply = await agent.call(ref.zone, 'workflows.evals.run', {
      params: { id: ref.id },
      body: values,
      words: { body: words },
    });
    const doc = recordOf(reply);
    const rec = isRecord(doc.suite) ? doc.suite : doc;
    return isRecord(rec) ? toSuite(rec, 0, new Map()) : null;
  } finally {
    suitesChanged(ref);
  }
}
