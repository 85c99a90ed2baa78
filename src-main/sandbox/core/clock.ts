/**
 * The sandbox clock: real time plus an offset the control API moves forward. A reset keeps the
 * offset on purpose, so tokens issued before it cannot come back to life.
 */
import type { Clock } from './types';

export function createClock(): Clock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    advance(seconds: number) {
      if (!Number.isFinite(seconds) || seconds < 0)
        throw new RangeError('advance_seconds must be a non-negative number');
      offsetMs += seconds * 1000;
    },
  };
}
