/**
 * A workflow run read tolerantly: the history row, and the step trail and executed spec of one
 * run (the spec fixes the words "step trail" and "executed spec", not their fields). The trail
 * read here seeds the step reducer, so a finished run shows its steps even from a zone that
 * does not replay its stream.
 */
import { stepStatusOf } from './run-events';
import { emptyProgress, type RunProgress, type TrailStep } from './run-steps';
import { idOf, isRecord, pick, stateOf, timeOf, type Raw } from './tolerant';

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

const IN_FLIGHT = /^(queued|pending|running|started|in_progress|waiting)/;

export function runInFlight(status: string | undefined): boolean {
  return IN_FLIGHT.test((status ?? '').toLowerCase());
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v)) return Number(v);
  return undefined;
}

export function toRunSummary(raw: Raw, index: number): RunSummary {
  const id = idOf(raw) ?? pick(raw, 'run_id');
  const err = raw.error;
  return {
    key: id ?? `#${index}`,
    id,
    status: stateOf(raw),
    version: num(raw.version) ?? num(raw.workflow_version) ?? num(raw.version_number),
    runner: pick(raw, 'runner', 'target', 'track', 'runner_id'),
    createdAt: timeOf(raw, 'created_at', 'createdAt', 'queued_at', 'started_at'),
    finishedAt: timeOf(raw, 'finished_at', 'finishedAt', 'completed_at', 'ended_at'),
    error: typeof err === 'string' ? err : isRecord(err) ? pick(err, 'message', 'error') : undefined,
    raw,
  };
}

/** The spec the run executed (a copy kept with the run), or undefined when the zone sent none. */
export function executedSpecOf(raw: Raw): unknown {
  for (const k of ['spec', 'executed_spec', 'executedSpec', 'definition', 'workflow_spec']) {
    const v = raw[k];
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

function stepsOf(raw: Raw): Raw[] {
  for (const k of ['steps', 'step_trail', 'trail', 'nodes', 'node_runs']) {
    const v = raw[k];
    if (Array.isArray(v)) return v.filter(isRecord);
  }
  return [];
}

function nodeOf(s: Raw): string | undefined {
  return pick(s, 'node_id', 'nodeId', 'node', 'step_id', 'id', 'name');
}

/** A reducer state seeded from the run record: its trail, per-node status and end. */
export function progressFromRun(raw: Raw): RunProgress {
  const p = emptyProgress();
  for (const s of stepsOf(raw)) {
    const nodeId = nodeOf(s);
    if (!nodeId) continue;
    const status = stepStatusOf(stateOf(s)) ?? 'running';
    const step: TrailStep = { nodeId, status, seq: undefined, streamed: '' };
    const type = pick(s, 'type', 'kind');
    if (type) step.type = type;
    const started = pick(s, 'started_at', 'startedAt');
    if (started) step.startedAt = started;
    const done = pick(s, 'finished_at', 'finishedAt', 'completed_at');
    if (done) step.finishedAt = done;
    if (s.output !== undefined && s.output !== null) step.output = s.output;
    const decision = pick(s, 'decision');
    if (decision) step.decision = decision;
    const comment = pick(s, 'comment');
    if (comment) step.comment = comment;
    p.latest.set(nodeId, p.trail.length);
    p.trail.push(step);
    p.status[nodeId] = status;
    if (status === 'waiting') p.waiting = { nodeId, message: pick(s, 'message') };
  }
  p.runStatus = stateOf(raw);
  const err = raw.error;
  if (typeof err === 'string' && err) p.error = err;
  if (raw.output !== undefined && raw.output !== null) p.output = raw.output;
  return p;
}
