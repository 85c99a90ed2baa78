/**
 * Run routes: start a run of the deployed version (primary or canary, split exactly by weight),
 * run history (newest first, cursor `before` = a run id, a time-based UUID v7, and `limit`
 * 1..100 default 20, answering `next_before`), get, approvals, cancel and the SSE stream.
 */
import type { Handler, SandboxRequest } from '../core/types';
import { iso } from '../kit/clock';
import { badRequest, body, conflict, intQuery, oneOf, ok, optStr, UUID_RE } from '../kit/http';
import type { WorkflowsCtx } from './context';
import { runSummary, runView, type Run, type Workflow } from './model';
import { lastEventId, streamRun } from './sse';

/** Exact weighting: the n-th run goes to the canary when floor(n*w/100) steps up. */
function route(w: Workflow): 'primary' | 'canary' {
  const n = w.routed++;
  const weight = w.canary?.weight ?? 0;
  return Math.floor(((n + 1) * weight) / 100) > Math.floor((n * weight) / 100) ? 'canary' : 'primary';
}

function page(runs: Run[], req: SandboxRequest): { items: Run[]; next_before: string | null } {
  const limit = intQuery(req, 'limit', 1, 100, 20);
  const before = req.query.get('before');
  if (before !== null && !UUID_RE.test(before)) badRequest('before must be a run id (UUID)', { field: 'before' });
  const newest = [...runs].reverse();
  let from = 0;
  if (before !== null) {
    const at = newest.findIndex((r) => r.id === before);
    // A cursor for a run we no longer hold still orders correctly: v7 ids sort by time.
    from = at >= 0 ? at + 1 : newest.findIndex((r) => r.id < before);
    if (from < 0) from = newest.length;
  }
  const items = newest.slice(from, from + limit);
  return { items, next_before: from + limit < newest.length ? (items.at(-1)?.id ?? null) : null };
}

export function runHandlers(ctx: WorkflowsCtx): Record<string, Handler> {
  const { world, engine } = ctx;
  const runOf = (req: SandboxRequest): Run => ctx.runs.for(req).get(req.params.id ?? '');

  return {
    'workflows.run': (req) => {
      const w = ctx.workflow(req);
      if (!w.primary) conflict('not_deployed', 'deploy a published version before running');
      const runner = route(w);
      const version = (runner === 'canary' ? w.canary?.version : undefined) ?? w.primary.version;
      const spec = w.versions.find((v) => v.version === version)!.spec;
      const input = body(req).input ?? null;
      const run: Run = {
        id: world.uuidv7(),
        workflow_id: w.id,
        version,
        runner,
        status: 'queued',
        input,
        output: null,
        error: null,
        created_at: iso(world),
        started_at: null,
        finished_at: null,
        spec: structuredClone(spec),
        steps: [],
        cursor: 0,
        value: typeof input === 'string' ? input : JSON.stringify(input),
        timer: null,
        events: [],
        listeners: new Set(),
      };
      ctx.runs.for(req).add(run);
      engine.start(run);
      return ok(runView(run), 201);
    },

    'workflows.runs': (req) => {
      const w = ctx.workflow(req);
      const p = page(ctx.runsOf(req, w.id), req);
      return ok({ items: p.items.map(runSummary), next_before: p.next_before });
    },

    'workflowRuns.get': (req) => ok(runView(runOf(req))),

    'workflowRuns.approvals': (req) => {
      const run = runOf(req);
      const b = body(req);
      engine.decide(run, oneOf(b.decision, ['approve', 'reject'] as const, 'decision'), optStr(b, 'comment'));
      return ok(runView(run));
    },

    'workflowRuns.cancel': (req) => {
      const run = runOf(req);
      engine.cancel(run);
      return ok(runView(run));
    },

    'workflowRuns.stream': (req) => streamRun(world, engine, runOf(req), lastEventId(req.headers['last-event-id'])),
  };
}
