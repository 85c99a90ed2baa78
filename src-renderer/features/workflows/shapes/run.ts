/**
 * A workflow run record's field names, readers and writers in one place. The spec fixes only that
 * a run has "a step trail and the executed spec"; the fields, the state words, the approval and
 * start bodies are "not shown". So each field is known by its role and the names zones give it;
 * step keys may be any of node_id | node | step_id | id | name; a gate may be a step's state or a
 * field of its own. Writes go through `worded`: the zone's own names when its records show them.
 */
import { isRecord, pick, type Raw } from '@contract/tolerant';
import { field, nameIn, namesOf, valueIn, worded, type FieldWords, type Worded } from '../../../shapes/words';

export const RUN_ID = field('run.id', 'id', 'uuid', 'run_id', 'runId');
export const RUN_STATUS = field('run.status', 'status', 'state', 'phase', 'run_status', 'runStatus');
export const STEPS = field(
  'run.steps',
  'steps',
  'trail',
  'step_trail',
  'stepTrail',
  'nodes',
  'node_runs',
  'executions',
  'tasks',
);
export const STEP_NODE = field('step.node', 'node_id', 'nodeId', 'node', 'step_id', 'stepId', 'id', 'name', 'key');
export const STEP_STATUS = field('step.status', 'status', 'state', 'phase', 'result', 'outcome');
export const STEP_TYPE = field('step.type', 'type', 'kind', 'node_type');
export const STEP_STARTED = field('step.started', 'started_at', 'startedAt', 'start_time', 'started');
export const STEP_FINISHED = field('step.finished', 'finished_at', 'finishedAt', 'completed_at', 'ended_at', 'ended');
export const OUTPUT = field('run.output', 'output', 'outputs', 'result');
export const ERROR = field('run.error', 'error', 'error_message', 'errorMessage', 'failure', 'reason');
export const SPEC = field('run.spec', 'spec', 'executed_spec', 'executedSpec', 'definition', 'workflow_spec');
export const GATE = field(
  'run.gate',
  'gate',
  'approval',
  'pending_approval',
  'pendingApproval',
  'approval_gate',
  'awaiting_approval',
);
export const MESSAGE = field('gate.message', 'message', 'prompt', 'question', 'text', 'description');
export const DECISION = field('approval.decision', 'decision', 'action', 'verdict', 'resolution');
export const COMMENT = field('approval.comment', 'comment', 'reason', 'note');
export const INPUT = field('run.input', 'input', 'inputs', 'payload', 'data');
export const VERSION = field('run.version', 'version', 'workflow_version', 'version_number');
export const RUNNER = field('run.runner', 'runner', 'target', 'track', 'runner_id');

/** Names the run view reads (for "fields Zonedeck doesn't read"). */
export const RUN_FIELDS = namesOf(
  RUN_ID,
  RUN_STATUS,
  STEPS,
  OUTPUT,
  ERROR,
  SPEC,
  GATE,
  INPUT,
  VERSION,
  RUNNER,
  field('t', 'created_at', 'createdAt', 'queued_at', 'started_at', 'finished_at', 'finishedAt', 'completed_at'),
  field('w', 'workflow_id', 'workflowId'),
);

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

/** A word under `f`, or one level down ({status: {phase}}). */
function wordIn(rec: unknown, f: FieldWords): string | undefined {
  const v = valueIn(rec, f);
  if (isRecord(v)) return pick(v, 'state', 'status', 'phase', 'value', 'name');
  return str(v);
}

export const runIdOf = (rec: unknown): string | undefined => str(valueIn(rec, RUN_ID));
export const runStatusOf = (rec: unknown): string | undefined => wordIn(rec, RUN_STATUS);

/** The step records, under whichever key the zone used; a map of node → step is read too. */
export function stepsOf(rec: unknown): Raw[] {
  const v = valueIn(rec, STEPS);
  if (Array.isArray(v)) return v.filter(isRecord);
  if (isRecord(v)) {
    return Object.entries(v)
      .filter(([, s]) => isRecord(s) || typeof s === 'string')
      .map(([k, s]) => (isRecord(s) ? (nameIn(s, STEP_NODE) ? s : { node_id: k, ...s }) : { node_id: k, status: s }));
  }
  return [];
}

/** The node a step (or event payload) speaks of: a key, or a nested {node: {id}} record. */
export function stepNodeOf(step: unknown): string | undefined {
  const v = valueIn(step, STEP_NODE);
  if (isRecord(v)) return str(valueIn(v, STEP_NODE));
  return str(v);
}

export const stepStatusWordOf = (step: unknown): string | undefined => wordIn(step, STEP_STATUS);
export const stepTypeOf = (step: unknown): string | undefined => str(valueIn(step, STEP_TYPE));
export const stepStartedOf = (step: unknown): string | undefined => str(valueIn(step, STEP_STARTED));
export const stepFinishedOf = (step: unknown): string | undefined => str(valueIn(step, STEP_FINISHED));
export const messageOf = (rec: unknown): string | undefined => textOf(valueIn(rec, MESSAGE));
export const decisionOf = (rec: unknown): string | undefined => str(valueIn(rec, DECISION));
export const commentOf = (rec: unknown): string | undefined => textOf(valueIn(rec, COMMENT));

function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v === '' ? undefined : v;
  if (isRecord(v)) return str(valueIn(v, MESSAGE)) ?? str(v.error);
  return undefined;
}

/** The run's output, when it has one (a string result is output too). */
export function outputOf(rec: unknown): unknown {
  const v = valueIn(rec, OUTPUT);
  return v === null ? undefined : v;
}

export const errorOf = (rec: unknown): string | undefined => textOf(valueIn(rec, ERROR));

export function specOf(rec: unknown): unknown {
  const v = valueIn(rec, SPEC);
  return v === null ? undefined : v;
}

export interface GateField {
  /** The node parked at the gate, when the zone says. */
  nodeId: string | undefined;
  message: string | undefined;
  /** The gate's own state word (pending, approved…), when it has one. */
  word: string | undefined;
}

/** A gate named by a field of its own ({gate: {node_id, status: pending}}); undefined when there is none. */
export function gateFieldOf(rec: unknown): GateField | undefined {
  const v = valueIn(rec, GATE);
  if (v === undefined || v === null || v === false) return undefined;
  if (v === true) return { nodeId: undefined, message: undefined, word: 'pending' };
  if (typeof v === 'string') return { nodeId: v, message: undefined, word: 'pending' };
  if (!isRecord(v)) return undefined;
  return { nodeId: stepNodeOf(v), message: messageOf(v), word: stepStatusWordOf(v) };
}

/**
 * The approvals body. Its names come from the run's own decided steps when it has any (a step that
 * holds "approve"/"approved" under some name), else the defaults; the decision's tense follows
 * theirs (approve or approved). The agent tries a name a 400/422 asks for once, and remembers it.
 */
export function approvalBody(decision: 'approve' | 'reject', comment: string, run: unknown): Worded {
  const decided = stepsOf(run).filter((s) => /^(approve|reject)/i.test(decisionOf(s) ?? ''));
  const past = decided.some((s) => /ed$/i.test(decisionOf(s) ?? ''));
  const word = past ? (decision === 'approve' ? 'approved' : 'rejected') : decision;
  return worded(
    [
      [DECISION, word],
      [COMMENT, comment.trim() ? comment.trim() : undefined],
    ],
    decided,
  );
}

/** The start body: the input under the name the zone's run records use for it, else `input`. */
export function startBody(input: unknown, runs: readonly unknown[]): Worded {
  return worded([[INPUT, input]], runs);
}

/** The new run's id from a start reply: at the top or one envelope down ({run: {...}}, {data: {...}}). */
export function startedRunOf(reply: unknown): Raw | undefined {
  if (!isRecord(reply)) return undefined;
  if (runIdOf(reply)) return reply;
  for (const k of ['run', 'data', 'item', 'result', 'workflow_run']) {
    const inner = reply[k];
    if (isRecord(inner) && runIdOf(inner)) return inner;
  }
  return undefined;
}
