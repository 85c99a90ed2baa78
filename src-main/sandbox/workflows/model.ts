/**
 * Records of the workflows area. Workflows and runs are scoped per zone and tenant; a run keeps a
 * copy of the spec it executed, so later publishes never change history.
 */
import type { WorkflowSpec } from './spec';

export interface Version {
  version: number;
  spec: WorkflowSpec;
  created_at: string;
}

export interface Runner {
  runner_id: string;
  version: number;
  status: 'running';
  deployed_at: string;
}

export interface EvalCase {
  id: string;
  name: string;
  kind: 'contains' | 'equals' | 'llm_judge';
  input: unknown;
  expected?: string;
  criteria?: string;
}

export interface Verdict {
  case_id: string;
  kind: EvalCase['kind'];
  passed: boolean;
  output: string;
  reason: string;
}

export interface EvalSuite {
  id: string;
  target: 'primary' | 'canary';
  version: number;
  passed: boolean;
  created_at: string;
  verdicts: Verdict[];
}

export interface Workflow {
  id: string;
  name: string;
  description: string;
  draft_spec: unknown;
  created_at: string;
  updated_at: string;
  versions: Version[];
  primary: Runner | null;
  canary: (Runner & { weight: number }) | null;
  require_eval_pass: boolean;
  evals: EvalCase[];
  suites: EvalSuite[];
  /** sha256 of the current webhook secret; the plaintext is only ever in the rotate reply. */
  webhook_secret_hash: string | null;
  webhook_rotated_at: string | null;
  /** Counts runs routed so far, to split them between primary and canary exactly by weight. */
  routed: number;
}

export type RunStatus = 'queued' | 'running' | 'waiting_approval' | 'succeeded' | 'failed' | 'cancelled';
export const IN_FLIGHT: readonly RunStatus[] = ['queued', 'running', 'waiting_approval'];

export interface Step {
  node_id: string;
  type: string;
  status: 'running' | 'waiting_approval' | 'succeeded' | 'failed' | 'cancelled';
  started_at: string;
  finished_at: string | null;
  output: string | null;
  decision?: 'approve' | 'reject';
  comment?: string;
}

export interface RunEvent {
  seq: number;
  event: string;
  data: Record<string, unknown>;
}

export interface Run {
  id: string;
  workflow_id: string;
  version: number;
  runner: 'primary' | 'canary';
  status: RunStatus;
  input: unknown;
  output: string | null;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  spec: WorkflowSpec;
  steps: Step[];
  /** Internal: position in the execution order, the value flowing, the pending timer, the event log. */
  cursor: number;
  value: string;
  timer: NodeJS.Timeout | null;
  events: RunEvent[];
  listeners: Set<(e: RunEvent) => void>;
}

export function inFlight(run: Run): boolean {
  return IN_FLIGHT.includes(run.status);
}

export function workflowView(w: Workflow): Record<string, unknown> {
  return {
    id: w.id,
    name: w.name,
    description: w.description,
    draft_spec: w.draft_spec,
    created_at: w.created_at,
    updated_at: w.updated_at,
    latest_version: w.versions.at(-1)?.version ?? null,
    deployment: { primary: w.primary, canary: w.canary },
    eval_gate: { require_eval_pass: w.require_eval_pass },
    webhook: { secret_set: w.webhook_secret_hash !== null, rotated_at: w.webhook_rotated_at },
  };
}

export function runSummary(r: Run): Record<string, unknown> {
  return {
    id: r.id,
    workflow_id: r.workflow_id,
    version: r.version,
    runner: r.runner,
    status: r.status,
    created_at: r.created_at,
    finished_at: r.finished_at,
    error: r.error,
  };
}

export function runView(r: Run): Record<string, unknown> {
  return { ...runSummary(r), input: r.input, output: r.output, started_at: r.started_at, steps: r.steps, spec: r.spec };
}
