/**
 * Runner routes: deploy (needs a published version), undeploy (runner removed, in-flight runs
 * fail), canary start/reweight, canary stop (its in-flight runs fail), promote (gated by a passing
 * eval suite against the canary when require_eval_pass is set) and the eval-gate setting.
 */
import type { Handler, SandboxRequest } from '../core/types';
import { iso } from '../kit/clock';
import { badRequest, body, conflict, int, ok, unprocessable } from '../kit/http';
import type { WorkflowsCtx } from './context';
import { inFlight, workflowView, type Workflow } from './model';

function publishedVersion(w: Workflow, raw: unknown, required: boolean): number {
  if (w.versions.length === 0) conflict('no_published_version', 'publish a version first');
  if (raw === undefined && !required) return w.versions.at(-1)!.version;
  if (typeof raw !== 'number' || !Number.isInteger(raw)) badRequest('version must be an integer', { field: 'version' });
  if (!w.versions.some((v) => v.version === raw)) unprocessable('unknown_version', `version ${raw} is not published`);
  return raw;
}

export function runnerHandlers(ctx: WorkflowsCtx): Record<string, Handler> {
  const { world, engine } = ctx;
  const failRuns = (req: SandboxRequest, w: Workflow, runner: 'primary' | 'canary' | 'all', reason: string) => {
    for (const r of ctx.runsOf(req, w.id))
      if (inFlight(r) && (runner === 'all' || r.runner === runner)) engine.fail(r, reason);
  };

  return {
    'workflows.deploy': (req) => {
      const w = ctx.workflow(req);
      const version = publishedVersion(w, body(req).version, false);
      w.primary = { runner_id: world.uuid(), version, status: 'running', deployed_at: iso(world) };
      return ok(workflowView(w));
    },

    'workflows.undeploy': (req) => {
      const w = ctx.workflow(req);
      if (!w.primary) conflict('not_deployed', 'workflow is not deployed');
      failRuns(req, w, 'all', 'runner removed by undeploy');
      w.primary = null;
      w.canary = null;
      return ok(workflowView(w));
    },

    'workflows.canary.start': (req) => {
      const w = ctx.workflow(req);
      const b = body(req);
      const version = publishedVersion(w, b.version, true);
      const weight = int(b, 'weight', 0, 100);
      if (!w.primary) conflict('not_deployed', 'deploy the workflow before starting a canary');
      if (w.canary && w.canary.version === version) w.canary.weight = weight;
      else w.canary = { runner_id: world.uuid(), version, weight, status: 'running', deployed_at: iso(world) };
      return ok(workflowView(w));
    },

    'workflows.canary.stop': (req) => {
      const w = ctx.workflow(req);
      if (!w.canary) conflict('no_canary', 'no canary is running');
      failRuns(req, w, 'canary', 'canary stopped');
      w.canary = null;
      return { status: 204, empty: true };
    },

    'workflows.canary.promote': (req) => {
      const w = ctx.workflow(req);
      const canary = w.canary ?? conflict('no_canary', 'no canary is running');
      if (w.require_eval_pass) {
        const latest = w.suites.find((s) => s.target === 'canary' && s.version === canary.version);
        if (!latest?.passed) {
          conflict('eval_gate_failed', 'promotion needs a passing eval suite against the canary', {
            latest_suite_id: latest?.id ?? null,
          });
        }
      }
      // Container swap: the canary's runner becomes the primary one.
      w.primary = { runner_id: canary.runner_id, version: canary.version, status: 'running', deployed_at: iso(world) };
      w.canary = null;
      return ok(workflowView(w));
    },

    'workflows.evalGate': (req) => {
      const w = ctx.workflow(req);
      const v = body(req).require_eval_pass;
      if (typeof v !== 'boolean') badRequest('require_eval_pass must be a boolean', { field: 'require_eval_pass' });
      w.require_eval_pass = v;
      return ok({ require_eval_pass: v });
    },
  };
}
