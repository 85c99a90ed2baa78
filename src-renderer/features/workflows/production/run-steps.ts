/**
 * The step-state reducer that lights the DAG: run events in, per-node status and a step trail out.
 * It is plain data mutated in place (a run of 10,000 events must stay cheap), O(1) per event, and
 * idempotent on the event number: a stream resumed with Last-Event-ID, or replayed from the start
 * over a trail read from the run record, never doubles a step.
 */
import type { RunEvent, StepStatus } from '../shapes/run-events';

export interface TrailStep {
  nodeId: string;
  status: StepStatus;
  /** The zone's own word, kept when the vocabulary does not know it (status `unknown`). */
  word?: string;
  /** Event number that opened this step; undefined when it came from the run record. */
  seq: number | undefined;
  type?: string;
  startedAt?: string;
  finishedAt?: string;
  output?: unknown;
  /** Output streamed in chunks (progress events), joined. */
  streamed: string;
  decision?: string;
  comment?: string;
  message?: string;
}

export interface RunProgress {
  /** Highest event number applied; events at or below it are repeats. */
  lastSeq: number;
  /** Events applied (repeats not counted) and, of those, events no rule understood. */
  applied: number;
  unknown: number;
  runStatus: string | undefined;
  error: string | undefined;
  output: unknown;
  /** The node parked at an approval gate (when the zone names it), and what it asks. */
  waiting: { nodeId: string | undefined; message: string | undefined } | undefined;
  /** Per node, for the DAG; the latest step of each node wins. */
  status: Record<string, StepStatus>;
  trail: TrailStep[];
  /** Index into `trail` of each node's latest step. */
  latest: Map<string, number>;
}

export function emptyProgress(): RunProgress {
  return {
    lastSeq: 0,
    applied: 0,
    unknown: 0,
    runStatus: undefined,
    error: undefined,
    output: undefined,
    waiting: undefined,
    status: {},
    trail: [],
    latest: new Map(),
  };
}

const FINISHED: ReadonlySet<StepStatus> = new Set(['done', 'failed', 'cancelled']);

function stamp(e: RunEvent): string | undefined {
  const d = e.data as Record<string, unknown> | null;
  const at = d && typeof d === 'object' ? (d.at ?? d.timestamp ?? d.time) : undefined;
  return typeof at === 'string' ? at : undefined;
}

function setStatus(p: RunProgress, step: TrailStep, status: StepStatus): void {
  step.status = status;
  p.status[step.nodeId] = status;
}

/** The node's step this event speaks of: its latest one, or a new one when that one is over. */
function stepFor(p: RunProgress, nodeId: string, e: RunEvent, opening: boolean): TrailStep {
  const at = p.latest.get(nodeId);
  const step = at === undefined ? undefined : p.trail[at];
  // A numbered start after a numbered, finished step of the same node is a second pass (a retry).
  const again = opening && step && step.seq !== undefined && e.seq !== undefined && FINISHED.has(step.status);
  if (step && !again) return step;
  const fresh: TrailStep = { nodeId, status: 'pending', seq: e.seq, streamed: '' };
  p.latest.set(nodeId, p.trail.length);
  p.trail.push(fresh);
  return fresh;
}

/** Applies one event; false when it was a repeat (its number already seen) or carried nothing. */
export function applyRunEvent(p: RunProgress, e: RunEvent): boolean {
  if (e.kind === 'connection') return false;
  if (e.seq !== undefined) {
    if (e.seq <= p.lastSeq) return false;
    p.lastSeq = e.seq;
  }
  p.applied++;
  const node = e.nodeId;
  switch (e.kind) {
    case 'queued':
      p.runStatus ??= e.runStatus ?? 'queued';
      return true;
    case 'started':
      p.runStatus = 'running';
      return true;
    case 'step_started':
    case 'step_progress':
    case 'step_finished':
    case 'waiting':
      if (!node) break;
      return stepEvent(p, e, node);
    case 'decided': {
      const at = node ?? p.waiting?.nodeId;
      if (!at) break;
      return decided(p, e, at);
    }
    case 'finished':
      finished(p, e);
      return true;
  }
  p.unknown++;
  return true;
}

function stepEvent(p: RunProgress, e: RunEvent, node: string): boolean {
  const step = stepFor(p, node, e, e.kind === 'step_started');
  const at = stamp(e);
  if (e.kind === 'step_started') {
    if (at) step.startedAt = at;
    const type = (e.data as Record<string, unknown>)?.type;
    if (typeof type === 'string') step.type = type;
    setStatus(p, step, 'running');
    p.runStatus = 'running';
  } else if (e.kind === 'step_progress') {
    if (e.chunk !== undefined) step.streamed += e.chunk;
    if (step.status === 'pending') setStatus(p, step, 'running');
  } else if (e.kind === 'waiting') {
    setStatus(p, step, 'waiting');
    if (e.message !== undefined) step.message = e.message;
    p.waiting = { nodeId: node, message: e.message };
    p.runStatus = 'waiting_approval';
  } else {
    setStatus(p, step, e.status ?? 'done');
    if (at) step.finishedAt = at;
    if (e.output !== undefined) step.output = e.output;
    if (p.waiting?.nodeId === node) p.waiting = undefined;
    if (p.runStatus === 'waiting_approval') p.runStatus = 'running';
  }
  return true;
}

function decided(p: RunProgress, e: RunEvent, node: string): boolean {
  const step = stepFor(p, node, e, false);
  if (e.decision !== undefined) step.decision = e.decision;
  if (e.message !== undefined) step.comment = e.message;
  if (p.waiting?.nodeId === node) p.waiting = undefined;
  if (p.runStatus === 'waiting_approval') p.runStatus = 'running';
  return true;
}

function finished(p: RunProgress, e: RunEvent): void {
  p.runStatus = e.runStatus ?? 'succeeded';
  if (e.output !== undefined) p.output = e.output;
  if (e.error !== undefined) p.error = e.error;
  p.waiting = undefined;
  // A zone that ends a run without closing its open step: the step ends the way the run did.
  const end: StepStatus = p.runStatus === 'cancelled' ? 'cancelled' : p.runStatus === 'failed' ? 'failed' : 'done';
  for (const i of p.latest.values()) {
    const step = p.trail[i]!;
    if (!FINISHED.has(step.status)) setStatus(p, step, end);
  }
}

export type { StepStatus };
