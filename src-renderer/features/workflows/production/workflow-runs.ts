/**
 * Runs of one workflow: the history (newest page polled, so a run another client starts shows up;
 * older pages by cursor as the person scrolls), one run's record, and the moves on runs — start a
 * manual run, approve or reject a parked gate, cancel. The live stream is in run-live.ts.
 */
import { agent } from '../../../agent';
import { resources, useResource, type ResourceView } from '../../../data';
import { defineRecordHistory, pageQuery } from '../../../composables/record-history';
import { defineRecordResource, recordResourceChanged, type RecordRef } from '../../../composables/zone-records';
import { runFinished, toRunSummary, type RunSummary } from '../shapes/run-record';
import { listOf, recordOf, type Raw } from '../../../lib/tolerant';
import { approvalBody, runIdOf, runStatusOf, startBody, startedRunOf } from '../shapes/run';
import { workflowRecordOf, type WorkflowRef } from '../workflows';
import { shapedAs, shapedLike } from '../../../shapes/words';
import { structureOf } from '../shapes/record-view';
import { reportSighting } from '../../../data/sightings';
import { readerFor, storedReader, type KindReader } from '../../../data/zone-dictionary';
import { runSighting, runSightings } from './run-sighting';
import { readRun } from '@contract/run-record';

export type RunRef = RecordRef;

export const PAGE = 50;

/** The workflow of each run seen in a history page or started here, so a record read alone can say it too. */
const workflowOfRun = new Map<string, string>();
function noteWorkflowOf(zone: string, run: string, workflow: string): void {
  workflowOfRun.delete(`${zone}/${run}`);
  workflowOfRun.set(`${zone}/${run}`, workflow);
  // Bounded: the oldest noted go first.
  if (workflowOfRun.size > 5_000) workflowOfRun.delete(workflowOfRun.keys().next().value!);
}

/**
 * Each zone's reader of runs, made from its newest history page (the zone's dictionary, else the
 * page's values): every row, and a run started here, is read by it. Bounded by the zones signed in.
 */
const runReaders = new Map<string, KindReader>();
const runReader = (zone: string, rec?: Raw): KindReader => runReaders.get(zone) ?? storedReader(zone, 'run', rec);

/**
 * A run read by the zone's reader, its id never its workflow's: a reader made from one run may take
 * the field the zone's habit names ids by (AWS's `WorkflowId` beside a run's `WorkflowRunId`), a
 * reference the caller knows; then the run's own is read as contract/run-record.ts tells it.
 */
function runSummaryIn(raw: Raw, i: number, w: WorkflowRef): RunSummary {
  const s = toRunSummary(raw, i, runReader(w.zone, raw));
  if (s.id !== w.id) return s;
  const id = readRun(raw, undefined, [w.id], runReader(w.zone, raw)).id;
  return { ...s, id, key: id ?? `#${i}` };
}

/** The history; its newest page is polled, so new runs (from anyone) go on top. */
const history = defineRecordHistory<RunSummary>({
  name: 'workflows.runs.head',
  poll: 3_000,
  limit: PAGE,
  page: (w, before, limit) =>
    agent.call(w.zone, 'workflows.runs', { params: { id: w.id }, query: pageQuery(before, limit) }),
  onNewest: (w, page) => {
    const records = listOf(page);
    if (records.length) runReaders.set(w.zone, readerFor(w.zone, 'run', records));
    const reader = runReader(w.zone);
    // What the page says of each run, for notifications: no read of its own.
    reportSighting({ kind: 'runs', zone: w.zone, workflowId: w.id, source: 'page', runs: runSightings(page, reader) });
    for (const r of records) {
      const id = runIdOf(r, reader);
      if (id && id !== w.id) noteWorkflowOf(w.zone, id, w.id);
    }
  },
  row: runSummaryIn,
  key: (r) => r.key,
  // What a history row shows.
  same: (a, b) => a.status === b.status && a.error === b.error && a.finishedAt?.getTime() === b.finishedAt?.getTime(),
});

/** One run with its step trail and executed spec; polled slowly while in flight (the stream is the fast path). */
const runResource = defineRecordResource<Raw>({
  name: 'workflowRuns.get',
  // Polled slowly until the record positively says the run is over (an unknown word keeps polling).
  poll: (raw) => (raw && runFinished(runStatusOf(raw)) ? null : 5_000),
  fetch: async (r, { signal }) => {
    const rec = recordOf(await agent.call(r.zone, 'workflowRuns.get', { signal, params: { id: r.id } }));
    const seen = runSighting(rec, runReader(r.zone, rec));
    if (seen?.id === r.id)
      reportSighting({
        kind: 'runs',
        zone: r.zone,
        workflowId: workflowOfRun.get(`${r.zone}/${r.id}`),
        source: 'record',
        runs: [seen],
      });
    return rec;
  },
});

export function useRun(ref: () => RunRef | null): ResourceView<Raw> {
  return useResource(runResource, ref);
}

/** Reads the record again now (the live view's re-read on stream events); resolves when read. */
export function rereadRun(r: RunRef): Promise<void> {
  return resources.refresh(runResource, r);
}

export function runsChanged(w: WorkflowRef): void {
  history.changed(w);
  resources.invalidate({ zone: w.zone, name: runResource.name });
}

export const useRunHistory = history.useHistory;

/** Starts a manual run; the new run (its id under any name, at the top or one envelope down) or the zone's error. */
export async function startRun(w: WorkflowRef, input: unknown): Promise<RunSummary> {
  try {
    // The input's field name as the zone's run records hold it (the history's first page, when read).
    // The first run of a workflow: structured as the workflow's record is (a `spec`, `attributes`).
    const runs = history.newestRecords(w);
    const body = shapedLike(startBody(input, runs), runs, workflowRecordOf(w));
    const reply = await agent.call(w.zone, 'workflows.run', {
      params: { id: w.id },
      body: body.values,
      words: { body: body.words },
    });
    const rec = startedRunOf(reply) ?? recordOf(reply);
    const run = runSummaryIn(rec, 0, w);
    if (run.id) {
      noteWorkflowOf(w.zone, run.id, w.id);
      resources.update(runResource, { zone: w.zone, id: run.id }, () => rec);
    }
    return run;
  } finally {
    runsChanged(w);
  }
}

/**
 * An action's reply stands in for the record only when it is this run's record (its id); the
 * record is read again either way, so what is shown is what the zone holds.
 */
function runReturned(r: RunRef, reply: unknown): void {
  const rec = recordOf(reply);
  if (runIdOf(rec, runReader(r.zone, rec)) === r.id && runStatusOf(rec)) resources.update(runResource, r, () => rec);
  runSettled(r);
}

/** Approves or rejects a parked gate, the body in the zone's words (its steps' own names when they show them). */
export async function decideGate(r: RunRef, decision: 'approve' | 'reject', comment: string): Promise<void> {
  const run = resources.state(runResource, r).data;
  // Named as the run's decided steps name it, shaped as the run's record (a `spec`, `attributes`).
  const body = shapedAs(approvalBody(decision, comment, run), structureOf(run), false);
  runReturned(
    r,
    await agent.call(r.zone, 'workflowRuns.approvals', {
      params: { id: r.id },
      body: body.values,
      words: { body: body.words },
    }),
  );
}

export async function cancelRun(r: RunRef): Promise<void> {
  runReturned(r, await agent.call(r.zone, 'workflowRuns.cancel', { params: { id: r.id } }));
}

/** After the live stream ends: the record (output, final steps) and the history row are read again. */
export function runSettled(r: RunRef): void {
  recordResourceChanged(runResource, r);
  resources.invalidate({ zone: r.zone, name: history.newest.name });
}
