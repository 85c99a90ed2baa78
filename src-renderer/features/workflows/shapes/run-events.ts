/**
 * Run-stream events read tolerantly. The spec leaves their names and payloads "not shown": one
 * zone says `step_finished`, another `node.completed`, a third may put the node under `step.id`.
 * Every event becomes one small record the step reducer understands; what cannot be read is kept
 * as `other` with its raw data, so nothing a zone sends is lost from the event log.
 */
import { isRecord, pick, type Raw } from '../../../lib/tolerant';
import { classify, isCancelWord, isGateWord, normalWord } from '@contract/state-vocabulary';

/** A step's state for the trail and the DAG; `unknown` keeps the zone's own word beside it. */
export type StepStatus = 'pending' | 'running' | 'done' | 'failed' | 'waiting' | 'cancelled' | 'unknown';

export type RunEventKind =
  | 'queued'
  | 'started'
  | 'step_started'
  | 'step_progress'
  | 'step_finished'
  | 'waiting'
  | 'decided'
  | 'finished'
  | 'connection'
  | 'other';

export interface RunEvent {
  kind: RunEventKind;
  /** The event's name as the zone sent it. */
  name: string;
  /** Order of the event in the run (data `seq` or the SSE id), when the zone numbers them. */
  seq: number | undefined;
  nodeId?: string;
  /** A step's state after this event (step events), or the run's end state word (finished). */
  status?: StepStatus;
  runStatus?: string;
  output?: unknown;
  /** A chunk of a step's output (progress events). */
  chunk?: string;
  message?: string;
  decision?: string;
  error?: string;
  /** The agent's connection word ('reconnecting', 'connected') for `connection` events. */
  state?: string;
  data: unknown;
}

/** The stream event as the agent passes it on (contract StreamEvent). */
export interface StreamEventIn {
  type: string;
  id?: string;
  data: unknown;
}

const NAMES: Record<string, RunEventKind> = {};
function names(kind: RunEventKind, ...words: string[]): void {
  for (const w of words) NAMES[w] = kind;
}
names('queued', 'run_queued', 'queued', 'run_created', 'run_pending');
names('started', 'run_started', 'run_running', 'started', 'running', 'run_start');
names('step_started', 'step_started', 'node_started', 'step_running', 'node_running', 'step_start', 'node_start');
names('step_progress', 'step_progress', 'node_progress', 'step_output', 'node_output', 'step_delta', 'token', 'chunk');
names(
  'step_finished',
  'step_finished',
  'node_completed',
  'node_finished',
  'step_completed',
  'step_succeeded',
  'node_succeeded',
  'step_failed',
  'node_failed',
  'step_cancelled',
  'node_cancelled',
  'step_done',
  'node_done',
);
names('waiting', 'waiting_approval', 'approval_requested', 'approval_required', 'approval_waiting', 'run_waiting');
names('decided', 'approval_decided', 'approval_resolved', 'approval_granted', 'approval_given', 'approval_rejected');
names(
  'finished',
  'run_finished',
  'run_completed',
  'run_succeeded',
  'run_failed',
  'run_cancelled',
  'run_canceled',
  'run_done',
  'run_ended',
  'finished',
  'completed',
);

/** `node.completed`, `Node-Completed`, `nodeCompleted` → `node_completed`. */
function normalName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[.\-:/\s]+/g, '_');
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+$/.test(v.trim())) return Number(v);
  return undefined;
}

const NOT_STARTED = new Set(['queued', 'pending', 'scheduled', 'created', 'accepted', 'submitted']);

/** A step's state from its word, by the run vocabulary (contract/state-vocabulary.ts); undefined for a word it does not know. */
export function stepStatusOf(word: string | undefined): StepStatus | undefined {
  if (!word) return undefined;
  if (isGateWord(word)) return 'waiting';
  switch (classify(word, 'run')) {
    case 'settled':
      return 'done';
    case 'failed':
      return isCancelWord(word) ? 'cancelled' : 'failed';
    case 'progress':
      return NOT_STARTED.has(normalWord(word)) ? 'pending' : 'running';
    default:
      return undefined;
  }
}

function nodeIdOf(d: Raw): string | undefined {
  const direct = pick(d, 'node_id', 'nodeId', 'step_id', 'stepId', 'node_name');
  if (direct) return direct;
  for (const k of ['node', 'step']) {
    const v = d[k];
    if (typeof v === 'string' && v !== '') return v;
    if (isRecord(v)) {
      const inner = pick(v, 'id', 'node_id', 'nodeId', 'name');
      if (inner) return inner;
    }
  }
  return undefined;
}

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (isRecord(v)) return pick(v, 'message', 'text', 'reason');
  return undefined;
}

/** The kind an event's name (or, for an unnamed `message`, its data's own type field) says. */
function kindOf(name: string, d: Raw): RunEventKind {
  const n = normalName(name);
  const known = NAMES[n];
  if (known) return known;
  if (n === 'message' || n === '') {
    const inner = pick(d, 'type', 'event', 'kind', 'name');
    if (inner && inner !== name) return NAMES[normalName(inner)] ?? 'other';
  }
  return 'other';
}

/** A run's end word in the sandbox's vocabulary (succeeded, failed, cancelled), else as sent. */
function runWord(word: string | undefined): string | undefined {
  const s = stepStatusOf(word);
  if (s === 'done') return 'succeeded';
  if (s === 'failed' || s === 'cancelled') return s;
  return word;
}

export function readRunEvent(e: StreamEventIn): RunEvent {
  const d: Raw = isRecord(e.data) ? e.data : {};
  const name = e.type || 'message';
  // The agent's own word on the connection (a dropped stream it is resuming) has no id.
  if (name === 'state' && e.id === undefined && typeof d.state === 'string' && /^(re)?connect/.test(d.state)) {
    return { kind: 'connection', name, seq: undefined, state: d.state, data: e.data };
  }
  const kind = kindOf(name, d);
  const seq = num(d.seq) ?? num(d.sequence) ?? num(d.event_id) ?? num(e.id);
  const ev: RunEvent = { kind, name, seq, data: e.data };
  const nodeId = nodeIdOf(d);
  if (nodeId) ev.nodeId = nodeId;
  const word = pick(d, 'status', 'state', 'result', 'outcome');
  const stepWord = isRecord(d.step) ? pick(d.step, 'status', 'state') : undefined;
  const n = normalName(name);
  switch (kind) {
    case 'step_started':
      ev.status = 'running';
      break;
    case 'step_finished': {
      // The name may carry the outcome (node.failed); the data's word wins when it has one.
      const fromName = /fail/.test(n) ? 'failed' : /cancel/.test(n) ? 'cancelled' : 'done';
      const hasError = d.error !== undefined && d.error !== null && d.error !== '';
      ev.status = stepStatusOf(stepWord ?? word) ?? (hasError ? 'failed' : fromName);
      break;
    }
    case 'waiting':
      ev.status = 'waiting';
      break;
    case 'finished':
      ev.runStatus = runWord(word) ?? (/fail/.test(n) ? 'failed' : /cancel/.test(n) ? 'cancelled' : 'succeeded');
      break;
    case 'decided':
      ev.decision = pick(d, 'decision', 'resolution', 'outcome', 'result') ?? (/reject/.test(n) ? 'reject' : undefined);
      break;
    case 'started':
    case 'queued':
      if (word) ev.runStatus = word;
      break;
  }
  if ('output' in d) ev.output = d.output;
  else if ('result' in d && kind !== 'decided' && typeof d.result !== 'string') ev.output = d.result;
  const chunk = d.chunk ?? d.delta ?? d.token ?? d.text;
  if (typeof chunk === 'string') ev.chunk = chunk;
  const message = text(d.message) ?? text(d.prompt) ?? text(d.comment);
  if (message !== undefined) ev.message = message;
  const error = text(d.error) ?? text(d.reason);
  if (error) ev.error = error;
  return ev;
}
