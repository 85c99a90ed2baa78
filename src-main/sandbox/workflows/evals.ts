/**
 * Eval cases (contains, equals, llm_judge) and suites. A suite runs every case through the target
 * runner's version with the deterministic simulator, so verdicts are repeatable. The sandbox judge
 * passes an llm_judge case when the output is non-empty and its criteria do not contain "impossible".
 */
import type { Handler } from '../core/types';
import { iso } from '../kit/clock';
import { badRequest, body, conflict, list, noContent, notFound, oneOf, ok, optStr, str } from '../kit/http';
import type { WorkflowsCtx } from './context';
import type { EvalCase, EvalSuite, Verdict, Workflow } from './model';
import { simulate } from './spec';

const KINDS = ['contains', 'equals', 'llm_judge'] as const;

function verdict(c: EvalCase, output: string): Verdict {
  const base = { case_id: c.id, kind: c.kind, output };
  if (c.kind === 'contains') {
    const passed = output.includes(c.expected ?? '');
    return {
      ...base,
      passed,
      reason: passed ? 'output contains expected text' : `output lacks ${JSON.stringify(c.expected)}`,
    };
  }
  if (c.kind === 'equals') {
    const passed = output === c.expected;
    return { ...base, passed, reason: passed ? 'output equals expected text' : 'output differs from expected text' };
  }
  const passed = output.length > 0 && !/impossible/i.test(c.criteria ?? '');
  return { ...base, passed, reason: passed ? 'judge satisfied' : 'judge not satisfied' };
}

function runSuite(ctx: WorkflowsCtx, w: Workflow, target: 'primary' | 'canary'): EvalSuite {
  const runner = target === 'primary' ? w.primary : w.canary;
  if (!runner) conflict('no_runner', `no ${target} runner is deployed`);
  const spec = w.versions.find((v) => v.version === runner.version)!.spec;
  const verdicts = w.evals.map((c) => verdict(c, simulate(spec, c.input)));
  return {
    id: ctx.world.uuid(),
    target,
    version: runner.version,
    passed: verdicts.length > 0 && verdicts.every((v) => v.passed),
    created_at: iso(ctx.world),
    verdicts,
  };
}

export function evalHandlers(ctx: WorkflowsCtx): Record<string, Handler> {
  return {
    'workflows.evals.list': (req) => list(ctx.workflow(req).evals),

    'workflows.evals.put': (req) => {
      const w = ctx.workflow(req);
      const b = body(req);
      const kind = oneOf(b.kind, KINDS, 'kind');
      const c: EvalCase = {
        id: optStr(b, 'id') ?? ctx.world.uuid(),
        name: optStr(b, 'name') ?? kind,
        kind,
        input: b.input ?? '',
      };
      if (kind === 'llm_judge') c.criteria = str(b, 'criteria');
      else if (typeof b.expected !== 'string') badRequest('expected must be a string', { field: 'expected' });
      else c.expected = b.expected;
      const at = w.evals.findIndex((x) => x.id === c.id);
      if (at >= 0) w.evals[at] = c;
      else w.evals.push(c);
      return ok(c, at >= 0 ? 200 : 201);
    },

    'workflows.evals.delete': (req) => {
      const w = ctx.workflow(req);
      const id = req.params.caseId ?? '';
      if (!w.evals.some((c) => c.id === id)) notFound('eval case', id);
      w.evals = w.evals.filter((c) => c.id !== id);
      return noContent();
    },

    'workflows.evals.run': (req) => {
      const w = ctx.workflow(req);
      const suite = runSuite(ctx, w, oneOf(body(req).target ?? 'primary', ['primary', 'canary'] as const, 'target'));
      w.suites.unshift(suite);
      return ok(suite, 201);
    },

    'workflows.evals.results': (req) => list(ctx.workflow(req).suites),
  };
}
