/**
 * The tolerant readers for fields a zone may name its own way: the state an instance is heading
 * for and a cluster's worker count, each read in more than one shape (and nothing invented).
 */
import { describe, expect, it } from 'vitest';
import { desiredStateOf, workerCountOf } from '../../../src-main/contract/tolerant';
import { isSettled } from '../../../src-renderer/features/compute/compute-kinds';

describe('desiredStateOf', () => {
  it('reads desired_status or desired_state, also one level down', () => {
    expect(desiredStateOf({ status: 'starting', desired_status: 'running' })).toBe('running');
    expect(desiredStateOf({ state: 'starting', desired_state: 'running' })).toBe('running');
    expect(desiredStateOf({ status: { phase: 'Pending', desired: 'running' } })).toBe('running');
    expect(desiredStateOf({ state: 'stopped' })).toBeUndefined();
    expect(desiredStateOf({ desired_status: '' })).toBeUndefined();
  });
});

describe('isSettled, whichever field carries the state', () => {
  it.each([
    ['status', 'desired_status'],
    ['state', 'desired_state'],
    ['state', 'desired_status'],
  ])('reads %s against %s', (now, want) => {
    expect(isSettled({ [now]: 'starting', [want]: 'running' })).toBe(false);
    expect(isSettled({ [now]: 'running', [want]: 'running' })).toBe(true);
  });

  it('waits on an -ing word under state as under status', () => {
    expect(isSettled({ state: 'stopping' })).toBe(false);
    expect(isSettled({ status: 'stopping' })).toBe(false);
    expect(isSettled({ state: 'pending' })).toBe(false);
    expect(isSettled({ state: 'stopped' })).toBe(true);
    expect(isSettled({ status: { state: 'rebooting' } })).toBe(false);
  });
});

describe('workerCountOf', () => {
  it.each([
    [{ workers: 3 }, 3],
    [{ worker_count: 4 }, 4],
    [{ node_count: 5 }, 5],
    [{ workers: '6' }, 6],
    [{ workers: [{ name: 'w1' }, { name: 'w2' }] }, 2],
    [{ workers: { count: 7 } }, 7],
    [{ nodes: 2 }, 2],
  ])('reads %j as %d', (raw, n) => {
    expect(workerCountOf(raw)).toBe(n);
  });

  it('gives undefined rather than a guess', () => {
    expect(workerCountOf({})).toBeUndefined();
    expect(workerCountOf({ workers: 'many' })).toBeUndefined();
    expect(workerCountOf({ workers: -1 })).toBeUndefined();
    expect(workerCountOf({ workers: 2.5 })).toBeUndefined();
  });
});
