/**
 * The one second write of a save whose typed values did not stick (shapes/kept-elsewhere.ts finds
 * the fields that should have held them). The caller writes: an update of the same record, never
 * a second create. When the record read back then holds every moved value, each name is
 * remembered for the zone (`zones.learnWord`, shown in its details as learned from a save), so the
 * next save is sent under it from the start; when it does not, nothing is learned and the caller
 * keeps the typed values in its form.
 */
import { agent } from '../agent';
import type { OperationId } from '@contract/operations';
import type { Raw } from '@contract/tolerant';
import {
  retryPlan,
  retryStuck,
  type FindContext,
  type Missed,
  type Rename,
  type RetryPlan,
} from '../shapes/kept-elsewhere';
import type { Worded } from '../shapes/words';
import { reportError } from './report-error';

/** `unnamed`: missed values no field of the record could be named for (not written again). */
export type SaveAgain = { unnamed: RetryPlan['unnamed'] } & (
  | /** Written again under the names found, and the zone kept them: those names are learned. */
    { outcome: 'stuck'; renames: Rename[] }
    /** Written again, and still not kept as typed. */
  | { outcome: 'notStuck'; renames: Rename[] }
  /** Nothing to write again. */
  | { outcome: 'unnamed' }
);

export interface SaveAgainInput {
  zone: string;
  /** The operation that writes the record (it is also what the learned name is for). */
  operationId: OperationId;
  /** The update's body under the record's own names, before the missed values are moved. */
  body: Worded;
  /** The record as the zone read it back after the first write. */
  readBack: Raw;
  missed: readonly Missed[];
  find: FindContext;
  /** Sends the update; returns the record as the zone then holds it (reply, else read back). */
  write: (body: Worded) => Promise<Raw | undefined>;
}

export async function saveAgain(i: SaveAgainInput): Promise<SaveAgain> {
  const plan = retryPlan(i.body, i.readBack, i.missed, i.find);
  const { renames, unnamed } = plan;
  if (!renames.length) return { outcome: 'unnamed', unnamed };
  const after = await i.write(plan.body);
  if (!retryStuck(after, plan)) return { outcome: 'notStuck', renames, unnamed };
  for (const r of renames) {
    try {
      await agent.invoke('zones.learnWord', {
        id: i.zone,
        role: r.role,
        place: 'body',
        name: r.to,
        instead: r.from,
        operationId: i.operationId,
      });
    } catch (e) {
      // The save stands; only the remembering failed (the log says why).
      reportError('save-again', e, { step: 'learn word' }, 'warn');
    }
  }
  return { outcome: 'stuck', renames, unnamed };
}
