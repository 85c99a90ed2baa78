/**
 * Runner moves of one workflow: deploy, undeploy, canary start/reweight/stop/promote and the eval
 * gate. Each returns the workflow (or nothing) and says what it changed, so the header, the list
 * and the run history follow without a reload. A promote the gate refuses is read into words.
 */
import { agent } from '../../../agent';
import { idOf, isRecord } from '../../../lib/tolerant';
import type { AgentErrorData } from '@contract/errors';
import { canaryBody, deployBody, type Deployment } from '../shapes/workflow-deployment';
import { evalGateBody, gateSuiteOf } from '../shapes/eval-case';
import { workflowChanged, workflowRecordOf, workflowReturned, type WorkflowRef } from '../workflows';
import { shapedAs } from '../../../shapes/words';
import { runsChanged } from './workflow-runs';
import { suitesChanged } from './workflow-evals';

/** Deploys a version (or the zone's choice, when none is picked); the reply or a read-back updates the header. */
export async function deploy(ref: WorkflowRef, version: number | undefined, d: Deployment): Promise<void> {
  // Named as the runner's record names it, shaped as the workflow's (a Kubernetes `spec`, JSON:API `attributes`).
  const { values, words } = shapedAs(deployBody(version, d), workflowRecordOf(ref));
  workflowReturned(
    ref,
    await agent.call(ref.zone, 'workflows.deploy', { params: { id: ref.id }, body: values, words: { body: words } }),
  );
}

/** In-flight runs fail with the runner: the history is read again too. */
export async function undeploy(ref: WorkflowRef): Promise<void> {
  try {
    workflowReturned(ref, await agent.call(ref.zone, 'workflows.undeploy', { params: { id: ref.id } }));
  } finally {
    runsChanged(ref);
  }
}

/** Start, or with the running canary's version, reweight. */
export async function startCanary(ref: WorkflowRef, version: number, weight: number, d: Deployment): Promise<void> {
  const { values, words } = shapedAs(canaryBody(version, weight, d), workflowRecordOf(ref));
  const reply = await agent.call(ref.zone, 'workflows.canary.start', {
    params: { id: ref.id },
    body: values,
    words: { body: words },
  });
  workflowReturned(ref, reply);
}

export async function stopCanary(ref: WorkflowRef): Promise<void> {
  try {
    await agent.call(ref.zone, 'workflows.canary.stop', { params: { id: ref.id } });
  } finally {
    workflowChanged(ref);
    runsChanged(ref);
  }
}

export async function promoteCanary(ref: WorkflowRef): Promise<void> {
  workflowReturned(ref, await agent.call(ref.zone, 'workflows.canary.promote', { params: { id: ref.id } }));
}

export async function setEvalGate(ref: WorkflowRef, on: boolean): Promise<void> {
  const reply = await agent.call(ref.zone, 'workflows.evalGate', { params: { id: ref.id }, body: evalGateBody(on) });
  // The reply may be just the gate, not the workflow: read the workflow again either way.
  if (isRecord(reply) && idOf(reply) !== undefined) workflowReturned(ref, reply);
  else workflowChanged(ref);
  suitesChanged(ref);
}

export interface GateRefusal {
  /** Which suite must pass, in words. */
  needs: string;
  /** The zone's own sentence. */
  said: string;
}

/**
 * A promote refused because the eval gate wants a passing suite: which one, in words. Read by
 * the error code (eval_gate / eval words) or a 409/412/422 whose message speaks of evals.
 */
export function gateRefusal(err: AgentErrorData, canaryVersion: number | undefined): GateRefusal | null {
  const code = err.code.toLowerCase();
  const said = err.message;
  const byCode = /eval|gate/.test(code);
  const byWords = [409, 412, 422].includes(err.status) && /eval|suite|gate/i.test(said);
  if (!byCode && !byWords) return null;
  const suite = gateSuiteOf(err.details);
  const v = canaryVersion !== undefined ? ` v${canaryVersion}` : '';
  const last = suite
    ? ` The latest suite against it (${suite.slice(0, 8)}) did not pass.`
    : ' No suite has run against it yet.';
  return { needs: `An eval suite run against the canary${v} must pass before it can be promoted.${last}`, said };
}
