/**
 * Runs of one workflow: the history (newest page polled, so a run another client starts shows up;
 * older pages by cursor as the person scrolls), one run's record, and the moves on runs — start a
 * manual run, approve or reject a parked gate, cancel. The live stream is in run-live.ts.
 */
import { agent } from '../agent';
import { defineResource, resources, usePagedHistory, useResource, type PagedHistory, type ResourceView } from '../data';
import { CursorPager } from '../lib/cursor-pager';
import { runInFlight, toRunSummary, type RunSummary } from '../lib/run-record';
import { recordOf, stateOf, type Raw } from '../lib/tolerant';
import type { WorkflowRef } from './workflows';

export interface RunRef {
  zone: string;
  id: string;
}

export const PAGE = 50;

const fetchPage = (w: WorkflowRef) => (before: string | undefined, limit: number) =>
  agent.call(w.zone, 'workflows.runs', { params: { id: w.id }, query: before ? { before, limit } : { limit } });

/** The newest page, polled: new runs (from anyone) go on top of the history. */
const headResource = defineResource<unknown, WorkflowRef>({
  name: 'workflows.runs.head',
  zone: (w) => w.zone,
  parts: (w) => [w.id],
  poll: 3_000,
  fetch: (w) => fetchPage(w)(undefined, PAGE),
});

/** One run with its step trail and executed spec; polled slowly while in flight (the stream is the fast path). */
const runResource = defineResource<Raw, RunRef>({
  name: 'workflowRuns.get',
  zone: (r) => r.zone,
  parts: (r) => [r.id],
  poll: (raw) => (raw && runInFlight(stateOf(raw)) ? 5_000 : null),
  fetch: async (r) => recordOf(await agent.call(r.zone, 'workflowRuns.get', { params: { id: r.id } })),
});

export function useRun(ref: () => RunRef | null): ResourceView<Raw> {
  return useResource(runResource, ref);
}

export function runsChanged(w: WorkflowRef): void {
  resources.invalidate({ zone: w.zone, name: headResource.name, parts: [w.id] });
  resources.invalidate({ zone: w.zone, name: runResource.name });
}

export type RunHistory = PagedHistory<RunSummary>;

const keyOf = (r: RunSummary) => r.key;
/** What a history row shows; a polled row equal in these is kept as it was. */
const sameRun = (a: RunSummary, b: RunSummary) =>
  a.status === b.status && a.error === b.error && a.finishedAt?.getTime() === b.finishedAt?.getTime();

export function useRunHistory(ref: () => WorkflowRef | null): RunHistory {
  return usePagedHistory(ref, headResource, (w) => new CursorPager(fetchPage(w), toRunSummary, keyOf, PAGE, sameRun));
}

/** Starts a manual run of the deployed version; the new run (its id) or the zone's error. */
export async function startRun(w: WorkflowRef, input: unknown): Promise<RunSummary> {
  try {
    const reply = recordOf(await agent.call(w.zone, 'workflows.run', { params: { id: w.id }, body: { input } }));
    const run = toRunSummary(reply, 0);
    if (run.id) resources.update(runResource, { zone: w.zone, id: run.id }, () => reply);
    return run;
  } finally {
    runsChanged(w);
  }
}

function runReturned(r: RunRef, reply: unknown): void {
  const rec = recordOf(reply);
  if (Object.keys(rec).length) resources.update(runResource, r, () => rec);
  else resources.invalidate({ zone: r.zone, name: runResource.name, parts: [r.id] });
  resources.invalidate({ zone: r.zone, name: headResource.name });
}

export async function decideGate(r: RunRef, decision: 'approve' | 'reject', comment: string): Promise<void> {
  const body = comment.trim() ? { decision, comment: comment.trim() } : { decision };
  runReturned(r, await agent.call(r.zone, 'workflowRuns.approvals', { params: { id: r.id }, body }));
}

export async function cancelRun(r: RunRef): Promise<void> {
  runReturned(r, await agent.call(r.zone, 'workflowRuns.cancel', { params: { id: r.id } }));
}

/** After the live stream ends: the record (output, final steps) and the history row are read again. */
export function runSettled(r: RunRef): void {
  resources.invalidate({ zone: r.zone, name: runResource.name, parts: [r.id] });
  resources.invalidate({ zone: r.zone, name: headResource.name });
}
