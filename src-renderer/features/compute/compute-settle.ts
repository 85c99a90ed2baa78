/**
 * When a lifecycle action's task may end, decided from the records read after it. A zone may carry
 * a desired state beside the current one, or only the current one; its words may be any. So: the
 * task ends when the state reaches the desired one, or (without one) when the state changed to a
 * word that is not under way; a record that never changes ends the task calmly after a grace
 * period, saying what the zone's record shows. Nothing here fails for want of a field.
 */
import { desiredStateOf, stateOf, type Raw } from '@contract/tolerant';
import { classify, normalWord } from '@contract/state-vocabulary';

/** How long a record that still shows the state from before the action is given to change. */
export const CHANGE_GRACE_MS = 8_000;
/** How long a record that says it is under way is followed. */
export const FOLLOW_LIMIT_MS = 120_000;

export type SettleStep = { done: false } | { done: true; failed?: boolean; note?: string };

/**
 * One read's verdict. `before` is the state before the action (undefined for a create or update:
 * then the first state not under way ends it); `label` is the action in words ("Start").
 */
export function settleStep(rec: Raw, before: string | undefined, elapsedMs: number, label: string): SettleStep {
  const state = stateOf(rec);
  const desired = desiredStateOf(rec);
  const shows = state ? `its record shows “${state}”` : 'its record shows no state';
  if (state && desired) {
    if (normalWord(state) === normalWord(desired)) return { done: true };
    if (elapsedMs < FOLLOW_LIMIT_MS) return { done: false };
    return { done: true, note: `The zone accepted ${label}; ${shows}, heading for “${desired}”.` };
  }
  const cls = classify(state, 'resource');
  if (cls === 'progress') {
    if (elapsedMs < FOLLOW_LIMIT_MS) return { done: false };
    return { done: true, note: `The zone accepted ${label}; ${shows} still.` };
  }
  const unchanged = before !== undefined && (state ?? '') !== '' && normalWord(state!) === normalWord(before);
  const unchangedNoState = before !== undefined && !state;
  if (unchanged || unchangedNoState) {
    if (elapsedMs < CHANGE_GRACE_MS) return { done: false };
    return { done: true, note: `The zone accepted ${label}; ${shows}.` };
  }
  if (cls === 'failed') return { done: true, failed: true, note: `${label}: the zone’s record shows “${state}”.` };
  return { done: true };
}
