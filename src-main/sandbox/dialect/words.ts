/**
 * The words a dialect uses where the spec leaves them open: compute and run states (and their
 * letter case), deployment outcomes and run-stream event names. Each set maps the standard word to
 * the dialect's; a word a set does not list passes through (only its case changes).
 */
import type { Choices } from './points';

type WordMap = Readonly<Record<string, string>>;

const COMPUTE: Readonly<Record<Choices['computeWords'], WordMap>> = {
  standard: {},
  active: {
    running: 'active',
    stopped: 'halted',
    pending: 'provisioning',
    starting: 'booting',
    stopping: 'halting',
    suspended: 'paused',
  },
  up: {
    running: 'up',
    stopped: 'exited',
    pending: 'queued',
    starting: 'launching',
    stopping: 'shutting_down',
    suspended: 'hibernated',
  },
};

const RUN: Readonly<Record<Choices['runWords'], WordMap>> = {
  standard: {},
  completed: { waiting_approval: 'awaiting_approval', succeeded: 'completed', failed: 'error', cancelled: 'canceled' },
  success: {
    queued: 'pending',
    running: 'in_progress',
    waiting_approval: 'parked',
    succeeded: 'success',
    cancelled: 'aborted',
  },
};

const DEPLOY: Readonly<Record<Choices['deployWords'], WordMap>> = {
  succeeded: {},
  deployed: { succeeded: 'deployed' },
  live: { succeeded: 'live' },
};

export function inCase(word: string, c: Choices['stateCase']): string {
  if (c === 'upper') return word.toUpperCase();
  if (c === 'title') return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

const say = (map: WordMap, word: unknown, c: Choices['stateCase']): unknown =>
  typeof word === 'string' ? inCase(map[word] ?? word, c) : word;

export const computeWord = (ch: Choices, w: unknown) => say(COMPUTE[ch.computeWords], w, ch.stateCase);
export const runWord = (ch: Choices, w: unknown) => say(RUN[ch.runWords], w, ch.stateCase);
export const deployWord = (ch: Choices, w: unknown) => say(DEPLOY[ch.deployWords], w, 'lower');

const EVENTS: Readonly<Record<Exclude<Choices['events'], 'unnamed'>, WordMap>> = {
  standard: {},
  dotted: {
    run_queued: 'run.queued',
    run_started: 'run.running',
    step_started: 'node.started',
    step_progress: 'node.progress',
    step_finished: 'node.completed',
    waiting_approval: 'approval.requested',
    approval_decided: 'approval.resolved',
    run_finished: 'run.completed',
  },
  generic: {
    run_queued: 'status',
    run_started: 'status',
    step_started: 'progress',
    step_progress: 'progress',
    step_finished: 'progress',
    waiting_approval: 'status',
    approval_decided: 'update',
    run_finished: 'status',
  },
};

/** The event name a dialect gives a standard event; undefined: the dialect names no events (SSE "message"). */
export function eventName(ch: Choices, standard: string): string | undefined {
  if (ch.events === 'unnamed') return undefined;
  return EVENTS[ch.events][standard] ?? standard;
}
