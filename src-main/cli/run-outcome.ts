/**
 * What a run's status word means for the command line: still going, waiting at a gate, or ended
 * (and how). Zones word it differently; the record is the truth, as in the window's run view.
 */
export type RunPhase = 'running' | 'waiting' | 'succeeded' | 'failed' | 'cancelled';

export function runPhase(status: string | undefined): RunPhase {
  const s = (status ?? '').toLowerCase();
  if (/^(succeeded|success|successful|completed|complete|done|passed|finished|ok)$/.test(s)) return 'succeeded';
  if (/^(failed|failure|error|errored|timed_out|timeout)$/.test(s)) return 'failed';
  if (/^(cancelled|canceled|aborted|rejected|stopped)$/.test(s)) return 'cancelled';
  if (/approval|waiting|paused|blocked/.test(s)) return 'waiting';
  return 'running';
}
