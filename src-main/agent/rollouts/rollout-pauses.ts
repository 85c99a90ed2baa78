/**
 * The state changes of a pause and a resume, kept apart from the engine's loop: a rollout the
 * app stopped under is paused where it stands; a resumed one has its paused zones under way again,
 * each wait's clock started over.
 */
import type { Rollout } from '../../contract/commands-rollouts';

/** The app stopped (or is stopping) while `r` ran: paused, with `why`. */
export function pauseStopped(r: Rollout, why: string): void {
  r.status = 'paused';
  r.reason = why;
  for (const t of r.targets) if (t.status === 'running') t.status = 'paused';
}

/** The zones of the stage under way go on; a wait starts over, a suite never listed may be asked again. */
export function markResumed(r: Rollout): void {
  for (const t of r.targets) {
    if (t.stage !== r.stage || (t.status !== 'paused' && t.status !== 'waiting')) continue;
    t.status = 'running';
    delete t.reason;
    delete t.waitSince;
    if (t.suiteAsked) t.suiteAsked.again = true;
  }
  r.status = 'running';
  delete r.reason;
}

/** Waits `ms`, or less when `stop` fires. */
export function pauseFor(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise<void>((done) => {
    const wake = () => (clearTimeout(timer), done());
    const timer = setTimeout(() => (stop.removeEventListener('abort', wake), done()), ms);
    stop.addEventListener('abort', wake, { once: true });
  });
}
