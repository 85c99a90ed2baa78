/**
 * A workflow run record's field names, readers and writers in one place. The spec fixes only that
 * a run has "a step trail and the executed spec"; the fields, the state words, the approval and
 * start bodies are "not shown". So each field is known by its role and the names zones give it;
 * step keys may be any of node_id | node | step_id | id | name; a gate may be a step's state or a
 * field of its own. Writes go through `worded`: the zone's own names when its records show them.
 */
import { isRecord, type Raw } from '@contract/tolerant';
import { RUN_STATUS, STEPS, stepNodeOf, stepsOf, stepStatusWordOf } from '@contract/run-steps';
import { kindReader, type KindReader } from '@contract/dictionary/kind-reader';
import { field, namesOf, valueIn, worded, type Worded } from '../../../shapes/words';

// The state word and the step trail are read by one reader for the window and the CLI.
export {
  RUN_STATUS,
  STEP_NODE,
  STEPS,
  STEP_STATUS,
  runStatusOf,
  stepNodeOf,
  stepsOf,
  stepStatusWordOf,
} from '@contract/run-steps';

// `uid`: Google's AIP-148 id beside a resource `name` (a run of a style:google zone has no `id`).
export const RUN_ID = field('run.id', 'id', 'uuid', 'uid', 'run_id', 'runId');
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

/**
 * A run's id: where the zone's dictionary reads its runs' ids (`reader`, made from the history's
 * records), else one of our names, else the field the record's own values say is its id (Google's
 * `uid` beside a resource-path `name`): infer-fields.ts, never a longer list.
 */
export function runIdOf(rec: unknown, reader?: KindReader): string | undefined {
  if (!isRecord(rec)) return undefined;
  return reader?.id(rec) ?? str(valueIn(rec, RUN_ID)) ?? kindReader(undefined, [rec], 'run').id(rec);
}
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
  const inner = ['run', 'data', 'item', 'result', 'workflow_run'].map((k) => reply[k]).filter(isRecord);
  // Our names first, at the top then one down; only then a field read by value (an envelope's
  // request id is no run's id when a record inside names its own).
  const named = [reply, ...inner].find((r) => str(valueIn(r, RUN_ID)));
  return named ?? [reply, ...inner].find((r) => runIdOf(r));
}
