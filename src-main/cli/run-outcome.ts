/**
 * What a run's status word means for the command line: still going, waiting at a gate, or ended
 * (and how). The words are the one state vocabulary's (contract/state-vocabulary.ts), the window's
 * too, so a zone's "parked" or "AWAITING_APPROVAL" is a gate here as it is there; a word it does
 * not know is taken as still going (the record is read again, never ended on a guess).
 */
import { classify, isCancelWord, isGateWord } from '../contract/state-vocabulary';

export type RunPhase = 'running' | 'waiting' | 'succeeded' | 'failed' | 'cancelled';

export function runPhase(status: string | undefined): RunPhase {
  switch (classify(status, 'run')) {
    case 'settled':
      return 'succeeded';
    case 'failed':
      return isCancelWord(status) ? 'cancelled' : 'failed';
    case 'progress':
      return isGateWord(status) ? 'waiting' : 'running';
    default:
      return 'running';
  }
}
