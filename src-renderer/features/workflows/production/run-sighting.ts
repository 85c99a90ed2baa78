/**
 * What a run's record (or a history row) says, for data/sightings.ts: its id, its word, and
 * whether it is parked at an approval gate. A gate is taken from the record's structure (a step
 * in a gate word, a gate field) or from a run word that names a decision; a bare "waiting" or
 * "paused" of the run alone may be a run waiting for a runner, so it does not count here.
 */
import type { RunSighting } from '../../../data/sightings';
import { isApprovalWord } from '@contract/state-vocabulary';
import { listOf, type Raw } from '../../../lib/tolerant';
import { progressFromRun, runInFlight } from '../shapes/run-record';
import type { KindReader } from '@contract/dictionary/kind-reader';
import { errorOf, gateFieldOf, runIdOf } from '../shapes/run';

export function runSighting(raw: Raw, reader?: KindReader): RunSighting | null {
  const id = runIdOf(raw, reader);
  if (!id) return null;
  const p = progressFromRun(raw);
  const status = p.runStatus;
  const structural = p.trail.some((s) => s.status === 'waiting') || gateFieldOf(raw) !== undefined;
  const gate = runInFlight(status) && p.waiting !== undefined && (structural || isApprovalWord(status));
  const error = errorOf(raw);
  return {
    id,
    status,
    gate,
    ...(gate && p.waiting?.message ? { gateMessage: p.waiting.message } : {}),
    ...(gate && p.waiting?.nodeId ? { gateAt: p.waiting.nodeId } : {}),
    ...(error ? { error } : {}),
  };
}

/** Every run of a history page that has an id. */
export function runSightings(page: unknown, reader?: KindReader): RunSighting[] {
  return listOf(page)
    .map((r) => runSighting(r, reader))
    .filter((r): r is RunSighting => r !== null);
}
