/**
 * A workflow run read from its record, which is the truth about the run: the history row, the
 * state (from the one state vocabulary: in flight, parked at a gate, finished), the step trail and
 * the executed spec. Field names live in run.ts; here they become what the views show.
 */
import {
  errorOf,
  gateFieldOf,
  messageOf,
  outputOf,
  RUN_FIELDS,
  RUNNER,
  runIdOf,
  runStatusOf,
  specOf,
  stepFinishedOf,
  stepNodeOf,
  stepsOf,
  stepStartedOf,
  stepStatusWordOf,
  stepTypeOf,
  decisionOf,
  commentOf,
  VERSION,
} from './run';
import type { KindReader } from '@contract/dictionary/kind-reader';
import { unreadFields, valueIn } from '../../../shapes/words';
import { stepStatusOf } from './run-events';
import { emptyProgress, type RunProgress, type TrailStep } from '../production/run-steps';
import { classify, isGateWord } from '@contract/state-vocabulary';
import { isRecord, timeOf, type Raw } from '../../../lib/tolerant';
import { isRec, nodeIdOfItem, nodeListKey, wrapperKey } from '../spec-shape';

export interface RunSummary {
  key: string;
  id: string | undefined;
  status: string | undefined;
  version: number | undefined;
  runner: string | undefined;
  createdAt: Date | undefined;
  finishedAt: Date | undefined;
  error: string | undefined;
  raw: Raw;
}

/** Under way, a run parked at a gate included. An unknown word is not in flight (nothing is waited on a guess). */
export function runInFlight(status: string | undefined): boolean {
  return classify(status, 'run') === 'progress';
}

/** Over: the zone's word says it succeeded or ended otherwise. */
export function runFinished(status: string | undefined): boolean {
  const c = classify(status, 'run');
  return c === 'settled' || c === 'failed';
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
}

/** `reader`: the zone's reader of runs (the history's), so each row is read as its list is. */
export function toRunSummary(raw: Raw, index: number, reader?: KindReader): RunSummary {
  const id = runIdOf(raw, reader);
  const runner = valueIn(raw, RUNNER);
  return {
    key: id ?? `#${index}`,
    id,
    status: runStatusOf(raw),
    version: num(valueIn(raw, VERSION)),
    runner: typeof runner === 'string' && runner ? runner : undefined,
    createdAt: timeOf(raw, 'created_at', 'createdAt', 'queued_at', 'started_at', 'created'),
    finishedAt: timeOf(raw, 'finished_at', 'finishedAt', 'completed_at', 'ended_at'),
    error: errorOf(raw),
    raw,
  };
}

/** The spec the run executed (a copy kept with the run), or undefined when the zone sent none. */
export function executedSpecOf(raw: Raw): unknown {
  return specOf(raw);
}

/** The message of a node in a spec (an approval gate's question), bounded; undefined when not found. */
export function specNodeMessage(spec: unknown, nodeId: string): string | undefined {
  let obj: unknown = spec;
  for (let i = 0; i < 4 && isRec(obj) && nodeListKey(obj) === undefined; i++) {
    const w = wrapperKey(obj);
    obj = w ? obj[w] : undefined;
  }
  if (!isRec(obj)) return undefined;
  const list = obj[nodeListKey(obj) ?? ''];
  if (Array.isArray(list)) {
    const node = list.slice(0, 5_000).find((n) => nodeIdOfItem(n) === nodeId);
    return messageOf(node);
  }
  if (isRec(list)) return messageOf(list[nodeId]);
  return undefined;
}

/** A step's node among its candidate keys: one the executed spec has, when the spec is known. */
function nodeOf(s: Raw, nodes: ReadonlySet<string> | undefined): string | undefined {
  if (nodes && nodes.size) {
    for (const k of ['node_id', 'nodeId', 'node', 'step_id', 'stepId', 'name', 'key', 'id']) {
      const v = s[k];
      if (typeof v === 'string' && nodes.has(v)) return v;
    }
  }
  return stepNodeOf(s);
}

/**
 * The progress the record shows: its trail (a step per record, its word from the vocabulary, or
 * "unknown" with the zone's word kept), per-node status, the gate it is parked at, its end.
 * `nodes` are the executed spec's node ids, to tell a step's node key from its own id.
 */
export function progressFromRun(raw: Raw, nodes?: ReadonlySet<string>): RunProgress {
  const p = emptyProgress();
  const spec = specOf(raw);
  for (const s of stepsOf(raw).slice(0, 10_000)) {
    const nodeId = nodeOf(s, nodes);
    if (!nodeId) continue;
    const word = stepStatusWordOf(s);
    const status = stepStatusOf(word) ?? (word ? 'unknown' : 'running');
    const step: TrailStep = { nodeId, status, seq: undefined, streamed: '' };
    if (status === 'unknown' && word) step.word = word;
    const type = stepTypeOf(s);
    if (type) step.type = type;
    const started = stepStartedOf(s);
    if (started) step.startedAt = started;
    const done = stepFinishedOf(s);
    if (done) step.finishedAt = done;
    const out = outputOf(s);
    if (out !== undefined && typeof out !== 'boolean') step.output = out;
    const decision = decisionOf(s);
    if (decision && /^(approv|reject|deny|denied)/i.test(decision)) step.decision = decision;
    const comment = commentOf(s);
    if (comment && step.decision) step.comment = comment;
    const at = p.latest.get(nodeId);
    if (at !== undefined && p.trail[at]!.status === status) continue; // a repeated entry
    p.latest.set(nodeId, p.trail.length);
    p.trail.push(step);
    p.status[nodeId] = status;
    if (status === 'waiting') {
      step.message = messageOf(s) ?? specNodeMessage(spec, nodeId);
      p.waiting = { nodeId, message: step.message };
    }
  }
  p.runStatus = runStatusOf(raw);
  p.waiting = gateOf(raw, p, spec);
  const err = errorOf(raw);
  if (err) p.error = err;
  const out = outputOf(raw);
  if (out !== undefined && typeof out !== 'boolean') p.output = out;
  return p;
}

/**
 * Where the run is parked: a step in a gate word, a gate field whose state is not over, or a run
 * whose own word is a gate word (then at its last unfinished step, or at no named node).
 */
function gateOf(raw: Raw, p: RunProgress, spec: unknown): RunProgress['waiting'] {
  if (runFinished(p.runStatus)) return undefined;
  if (p.waiting) return p.waiting;
  const g = gateFieldOf(raw);
  if (g && !runFinished(g.word) && classify(g.word, 'run') !== 'settled') {
    const nodeId = g.nodeId ?? lastOpen(p);
    return { nodeId, message: g.message ?? (nodeId ? specNodeMessage(spec, nodeId) : undefined) };
  }
  if (isGateWord(p.runStatus)) {
    const nodeId = lastOpen(p);
    return { nodeId, message: nodeId ? specNodeMessage(spec, nodeId) : undefined };
  }
  return undefined;
}

function lastOpen(p: RunProgress): string | undefined {
  for (let i = p.trail.length - 1; i >= 0; i--) {
    const s = p.trail[i]!;
    if (s.status !== 'done' && s.status !== 'failed' && s.status !== 'cancelled') return s.nodeId;
  }
  return undefined;
}

/** The record's fields no reader here reads, when neither its state nor its steps could be read. */
export function unreadRunFields(raw: unknown): string[] | undefined {
  if (!isRecord(raw) || Object.keys(raw).length === 0) return undefined;
  if (runStatusOf(raw) || stepsOf(raw).length) return undefined;
  return unreadFields(raw, RUN_FIELDS);
}
