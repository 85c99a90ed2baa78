/**
 * The one state vocabulary: words classed from explicit lists in any letter case and with any
 * separator; a word it does not know is neutral (never guessed from its spelling); the same word
 * may mean settled for a resource and in flight for a run.
 */
import { describe, expect, it } from 'vitest';
import {
  classify,
  isCancelWord,
  isGateWord,
  normalWord,
  stateText,
  toneOf,
} from '../../../src-main/contract/state-vocabulary';
import { stateTone } from '../../../src-renderer/lib/tolerant';

const cases = (w: string) => [
  w,
  w.toUpperCase(),
  w.replace(/_/g, '-'),
  w.replace(/_/g, ' '),
  w[0]!.toUpperCase() + w.slice(1),
];

describe('state vocabulary', () => {
  it('normalises case and separators', () => {
    expect(normalWord('Waiting-Approval')).toBe('waiting_approval');
    expect(normalWord(' waiting approval ')).toBe('waiting_approval');
    expect(normalWord('waitingApproval')).toBe('waiting_approval');
    expect(normalWord('CI_ERROR')).toBe('ci_error');
  });

  it.each([
    ['running', 'settled'],
    ['ready', 'settled'],
    ['active', 'settled'],
    ['healthy', 'settled'],
    ['deployed', 'settled'],
    ['stopped', 'settled'],
    ['exited', 'settled'],
    ['suspended', 'settled'],
    ['attached', 'settled'],
    ['creating', 'progress'],
    ['starting', 'progress'],
    ['stopping', 'progress'],
    ['pending', 'progress'],
    ['provisioning', 'progress'],
    ['rescheduling', 'progress'],
    ['deploying', 'progress'],
    ['building', 'progress'],
    ['in_progress', 'progress'],
    ['failed', 'failed'],
    ['ci_error', 'failed'],
    ['crashed', 'failed'],
    ['degraded', 'failed'],
    ['unhealthy', 'failed'],
  ] as const)('a resource that is %s is %s, in any case and separator', (word, cls) => {
    for (const w of cases(word)) expect(classify(w, 'resource')).toBe(cls);
  });

  it.each([
    ['running', 'progress'],
    ['queued', 'progress'],
    ['waiting_approval', 'progress'],
    ['awaiting_approval', 'progress'],
    ['parked', 'progress'],
    ['blocked', 'progress'],
    ['succeeded', 'settled'],
    ['completed', 'settled'],
    ['done', 'settled'],
    ['failed', 'failed'],
    ['cancelled', 'failed'],
    ['canceled', 'failed'],
    ['rejected', 'failed'],
  ] as const)('a run that is %s is %s', (word, cls) => {
    for (const w of cases(word)) expect(classify(w, 'run')).toBe(cls);
  });

  it('knows no word from its spelling: unknown words are neutral, shown as written', () => {
    for (const w of ['humming', 'warming-up', 'zzz', 'Bootstrapped', 'synthesizing']) {
      expect(classify(w, 'resource')).toBe('neutral');
      expect(classify(w, 'run')).toBe('neutral');
      expect(toneOf(w)).toBe('default');
    }
    expect(classify(undefined)).toBe('neutral');
    expect(classify('')).toBe('neutral');
    expect(stateText('Warming_Up')).toBe('Warming Up');
  });

  it('tells gates and cancels apart within the run words', () => {
    for (const w of ['waiting_approval', 'Awaiting-Approval', 'PARKED', 'paused', 'pending approval']) {
      expect(isGateWord(w)).toBe(true);
    }
    expect(isGateWord('running')).toBe(false);
    expect(isCancelWord('Canceled')).toBe(true);
    expect(isCancelWord('failed')).toBe(false);
  });

  it('colours by class: up green, under way amber, failed red, paused blue, stopped and unknown grey', () => {
    expect(stateTone('running')).toBe('success');
    expect(stateTone('RUNNING')).toBe('success');
    expect(stateTone('deployed')).toBe('success');
    expect(stateTone('Failed')).toBe('error');
    expect(stateTone('creating')).toBe('warning');
    expect(stateTone('suspended')).toBe('info');
    expect(stateTone('stopped')).toBe('default');
    expect(stateTone('mystery')).toBe('default');
    expect(toneOf('running', 'run')).toBe('warning');
    expect(toneOf('Waiting_Approval', 'run')).toBe('info');
    expect(toneOf('succeeded', 'run')).toBe('success');
    expect(toneOf('cancelled', 'run')).toBe('default');
  });
});
