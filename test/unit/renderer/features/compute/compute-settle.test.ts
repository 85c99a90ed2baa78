/**
 * Compute lets the zone decide: actions are offered unless a known state rules them out, and a
 * lifecycle task ends from what the records show, also for a zone whose records carry only the
 * current state (no desired state), in any letter case, and for one whose record never moves.
 */
import { describe, expect, it } from 'vitest';
import { actionAllowed, consoleAllowed, isSettled } from '../../../../../src-renderer/features/compute/compute-kinds';
import {
  CHANGE_GRACE_MS,
  FOLLOW_LIMIT_MS,
  settleStep,
} from '../../../../../src-renderer/features/compute/compute-settle';

describe('actionAllowed', () => {
  it('offers every action for a missing or unknown state', () => {
    for (const s of [undefined, '', 'humming', 'Bootstrapped']) {
      for (const a of ['start', 'stop', 'reboot', 'reschedule', 'suspend', 'resume'] as const) {
        expect(actionAllowed(a, s)).toBe(true);
      }
    }
  });

  it('offers Stop and Reschedule on a running container, in any letter case', () => {
    for (const s of ['running', 'RUNNING', 'Running', 'active', 'Up']) {
      expect(actionAllowed('stop', s)).toBe(true);
      expect(actionAllowed('reschedule', s)).toBe(true);
      expect(actionAllowed('start', s)).toBe(false);
    }
  });

  it('rules out only what a known state positively rules out', () => {
    expect(actionAllowed('start', 'Stopped')).toBe(true);
    expect(actionAllowed('stop', 'STOPPED')).toBe(false);
    expect(actionAllowed('stop', 'starting')).toBe(true);
    expect(actionAllowed('start', 'stopping')).toBe(true);
    expect(actionAllowed('resume', 'Suspended')).toBe(true);
    expect(actionAllowed('resume', 'running')).toBe(false);
    expect(actionAllowed('suspend', 'paused')).toBe(false);
    expect(consoleAllowed('Running')).toBe(true);
    expect(consoleAllowed('weird')).toBe(true);
    expect(consoleAllowed('stopped')).toBe(false);
  });
});

describe('isSettled', () => {
  it('with only the current state: the vocabulary decides, never the spelling', () => {
    expect(isSettled({ status: 'running' })).toBe(true);
    expect(isSettled({ state: 'Running' })).toBe(true);
    expect(isSettled({ state: 'RUNNING' })).toBe(true);
    expect(isSettled({ state: 'humming' })).toBe(true);
    expect(isSettled({ state: 'Starting' })).toBe(false);
    expect(isSettled({ status: 'failed' })).toBe(true);
    expect(isSettled({})).toBe(true);
  });

  it('with a desired state: equal in any case', () => {
    expect(isSettled({ state: 'Running', desired_state: 'running' })).toBe(true);
    expect(isSettled({ status: 'running', desired_status: 'stopped' })).toBe(false);
  });
});

describe('settleStep (after an action)', () => {
  it('ends when a current-state-only record reaches a settled word', () => {
    expect(settleStep({ state: 'starting' }, 'stopped', 400, 'Start')).toEqual({ done: false });
    expect(settleStep({ state: 'RUNNING' }, 'stopped', 800, 'Start')).toEqual({ done: true });
  });

  it('waits a grace period for a record still showing the state from before, then ends calmly', () => {
    expect(settleStep({ status: 'stopped' }, 'stopped', 400, 'Start')).toEqual({ done: false });
    const end = settleStep({ status: 'stopped' }, 'stopped', CHANGE_GRACE_MS + 1, 'Start');
    expect(end).toEqual({ done: true, note: 'The zone accepted Start; its record shows “stopped”.' });
  });

  it('follows a record under way, and after the limit ends without failing', () => {
    expect(settleStep({ status: 'starting' }, 'stopped', FOLLOW_LIMIT_MS - 1, 'Start').done).toBe(false);
    const end = settleStep({ status: 'starting' }, 'stopped', FOLLOW_LIMIT_MS + 1, 'Start');
    expect(end.done).toBe(true);
    expect(end).not.toHaveProperty('failed');
  });

  it('fails in words only when the record turns to a failed word', () => {
    expect(settleStep({ status: 'crashed' }, 'stopped', 400, 'Start')).toEqual({
      done: true,
      failed: true,
      note: 'Start: the zone’s record shows “crashed”.',
    });
  });

  it('ends at once on an unknown new word (nothing is waited on a guess), and on desired = state', () => {
    expect(settleStep({ status: 'humming' }, 'stopped', 400, 'Start')).toEqual({ done: true });
    expect(settleStep({ status: 'running', desired_status: 'Running' }, 'running', 400, 'Reschedule')).toEqual({
      done: true,
    });
    expect(settleStep({ status: 'running', desired_status: 'stopped' }, 'running', 400, 'Stop').done).toBe(false);
  });

  it('a save (no state before) ends at the first state not under way', () => {
    expect(settleStep({ status: 'creating' }, undefined, 400, 'the change').done).toBe(false);
    expect(settleStep({ status: 'created' }, undefined, 400, 'the change')).toEqual({ done: true });
  });
});
