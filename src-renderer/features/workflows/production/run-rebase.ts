/**
 * A run record read while the stream runs becomes the progress shown: the record is the truth
 * (its state, its steps, its gate). What only events carry is kept across the read: streamed
 * output, the event numbers already applied, and, for a zone whose record has no trail at all,
 * the steps the events painted (closed the way the record says the run ended).
 */
import { progressFromRun, runFinished } from '../shapes/run-record';
import type { RunProgress } from './run-steps';
import { classify, isCancelWord } from '@contract/state-vocabulary';
import type { Raw } from '../../../lib/tolerant';

/** Keeps what only events carry (streamed output, the event number) across a record read. */
export function rebase(prev: RunProgress, raw: Raw, nodes: ReadonlySet<string> | undefined): RunProgress {
  const next = progressFromRun(raw, nodes);
  next.lastSeq = prev.lastSeq;
  next.applied = prev.applied;
  next.unknown = prev.unknown;
  for (const [node, i] of next.latest) {
    const before = prev.latest.get(node);
    const streamed = before === undefined ? '' : prev.trail[before]!.streamed;
    if (streamed && next.trail[i]!.output === undefined) next.trail[i]!.streamed = streamed;
  }
  if (next.runStatus === undefined) next.runStatus = prev.runStatus;
  // A record without a trail: the steps the events painted stay (the record still decides the run's state).
  if (next.trail.length === 0 && prev.trail.length > 0) keepEventSteps(next, prev);
  else if (next.waiting && next.waiting.nodeId === undefined && prev.waiting?.nodeId)
    next.waiting = { nodeId: prev.waiting.nodeId, message: next.waiting.message ?? prev.waiting.message };
  return next;
}

function keepEventSteps(next: RunProgress, prev: RunProgress): void {
  next.trail = prev.trail.map((s) => ({ ...s }));
  next.latest = new Map(prev.latest);
  next.status = { ...prev.status };
  const over = runFinished(next.runStatus);
  if (!over && !next.waiting && prev.waiting) next.waiting = prev.waiting;
  if (next.waiting?.nodeId === undefined && prev.waiting?.nodeId && !over) next.waiting = prev.waiting;
  if (!over) return;
  // The run is over: a step the events left open ends the way the record says the run did.
  const end =
    classify(next.runStatus, 'run') === 'settled' ? 'done' : isCancelWord(next.runStatus) ? 'cancelled' : 'failed';
  for (const i of next.latest.values()) {
    const step = next.trail[i]!;
    if (step.status === 'running' || step.status === 'pending' || step.status === 'waiting') {
      step.status = end;
      next.status[step.nodeId] = end;
    }
  }
}
