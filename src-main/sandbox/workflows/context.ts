/**
 * What every workflows handler file shares: the per-tenant stores, the run engine and seeding.
 * Each tenant starts with one published, deployed workflow ("triage") so the demo has something
 * to run, plus scale/20 draft-only workflows under --scale.
 */
import type { SandboxRequest, World } from '../core/types';
import { iso } from '../kit/clock';
import { ScopedCollections, type Collection } from '../kit/collection';
import { RunEngine } from './engine';
import type { Run, Workflow } from './model';
import { DEFAULT_SPEC, type WorkflowSpec } from './spec';

export const TRIAGE_SPEC: WorkflowSpec = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'classify', type: 'llm', prompt: 'Classify: {{input}}', model: 'sandbox-small' },
    { id: 'review', type: 'approval', message: 'Send this classification?' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'classify' },
    { from: 'classify', to: 'review' },
    { from: 'review', to: 'out' },
  ],
};

export class WorkflowsCtx {
  readonly workflows: ScopedCollections<Workflow>;
  readonly runs: ScopedCollections<Run>;
  readonly engine: RunEngine;

  constructor(readonly world: World) {
    this.engine = new RunEngine(world);
    this.runs = new ScopedCollections<Run>(world, 'workflow run');
    this.workflows = new ScopedCollections<Workflow>(world, 'workflow', (c) => this.seed(c));
  }

  newWorkflow(name: string, description: string, draft: unknown): Workflow {
    const now = iso(this.world);
    return {
      id: this.world.uuid(),
      name,
      description,
      draft_spec: draft,
      created_at: now,
      updated_at: now,
      versions: [],
      primary: null,
      canary: null,
      require_eval_pass: false,
      evals: [],
      suites: [],
      webhook_secret_hash: null,
      webhook_rotated_at: null,
      routed: 0,
    };
  }

  workflow(req: SandboxRequest): Workflow {
    return this.workflows.for(req).get(req.params.id ?? '');
  }

  runsOf(req: SandboxRequest, workflowId: string): Run[] {
    return this.runs
      .for(req)
      .all()
      .filter((r) => r.workflow_id === workflowId);
  }

  private seed(c: Collection<Workflow>): void {
    const w = this.newWorkflow('triage', 'Classifies a ticket, asks a human, answers.', structuredClone(TRIAGE_SPEC));
    w.versions.push({ version: 1, spec: structuredClone(TRIAGE_SPEC), created_at: w.created_at });
    w.primary = { runner_id: this.world.uuid(), version: 1, status: 'running', deployed_at: w.created_at };
    w.evals.push({
      id: this.world.uuid(),
      name: 'mentions input',
      kind: 'contains',
      input: 'printer on fire',
      expected: 'printer',
    });
    c.add(w);
    for (let i = 0; i < Math.floor(this.world.scale / 20); i++) {
      c.add(this.newWorkflow(`scale-workflow-${i + 1}`, '', structuredClone(DEFAULT_SPEC)));
    }
  }
}
