/**
 * One state vocabulary for every word a zone uses for a state (the spec leaves almost all of them
 * "not shown"). A word is classed from explicit lists, never from its spelling (a word ending in
 * "-ing" is not a transition unless listed): settled (nothing under way), progress (under way),
 * failed, or neutral (a word we do not know: shown as the zone wrote it, never guessed).
 * Letter case and the separators - _ . and space do not matter.
 *
 * Words mean different things for different kinds of record: a container that is "running" is up
 * and settled, a run that is "running" is in flight. So the lists are per kind:
 * - resource (containers, VMs, clusters, workspaces, deployments): settled = at rest, up or down;
 * - run (workflow runs, steps, commands, suites): settled = finished and succeeded; failed =
 *   finished any other way (cancelled and rejected included); progress = in flight, a run parked
 *   at an approval gate included (see `isGateWord`).
 */
export type StateClass = 'settled' | 'progress' | 'failed' | 'neutral';
export type StateKind = 'resource' | 'run';

/** `Waiting-Approval`, `waiting approval`, `WAITING_APPROVAL`, `waitingApproval` → `waiting_approval`. */
export function normalWord(word: string): string {
  return word
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s.\-/:]+/g, '_');
}

const set = (...words: string[]): ReadonlySet<string> => new Set(words);

/** Words of success, shared by both kinds: the zone said it worked. */
const SUCCESS = set(
  'succeeded',
  'success',
  'successful',
  'completed',
  'complete',
  'done',
  'finished',
  'passed',
  'pass',
  'ok',
  'approved',
);

/** Words of failure shared by both kinds. */
const FAILURE = set('failed', 'failure', 'fail', 'error', 'errored', 'crashed', 'dead', 'lost', 'timed_out', 'timeout');

/** A resource at rest: up or down, nothing under way. */
const RESOURCE_SETTLED = set(
  ...SUCCESS,
  'running',
  'ready',
  'active',
  'up',
  'healthy',
  'available',
  'online',
  'deployed',
  'live',
  'attached',
  'detached',
  'bound',
  'enabled',
  'disabled',
  'idle',
  'created',
  'stopped',
  'exited',
  'halted',
  'suspended',
  'paused',
  'hibernated',
  'sleeping',
  'shutoff',
  'shut_off',
  'off',
  'terminated',
  'in_use',
);

/** A resource on its way somewhere. */
const RESOURCE_PROGRESS = set(
  'creating',
  'starting',
  'stopping',
  'pending',
  'provisioning',
  'queued',
  'scheduling',
  'deploying',
  'building',
  'rescheduling',
  'migrating',
  'restoring',
  'upgrading',
  'updating',
  'resuming',
  'suspending',
  'rebooting',
  'restarting',
  'booting',
  'initializing',
  'deleting',
  'terminating',
  'scaling',
  'resizing',
  'attaching',
  'detaching',
  'snapshotting',
  'installing',
  'configuring',
  'pulling',
  'cloning',
  'syncing',
  'reconciling',
  'in_progress',
  'waiting',
);

const RESOURCE_FAILED = set(
  ...FAILURE,
  'degraded',
  'unhealthy',
  'unreachable',
  'ci_error',
  'oom_killed',
  'crash_loop_back_off',
  'crashloopbackoff',
  'evicted',
  'rejected',
);

/** A run (or step, command, suite) still under way. */
const RUN_PROGRESS = set(
  'queued',
  'pending',
  'scheduled',
  'created',
  'accepted',
  'submitted',
  'starting',
  'started',
  'running',
  'active',
  'in_progress',
  'processing',
  'executing',
  'retrying',
  'resuming',
);

/** A run parked at an approval gate: in flight, waiting for a person. */
const GATE = set(
  'waiting_approval',
  'awaiting_approval',
  'pending_approval',
  'approval_required',
  'approval_requested',
  'needs_approval',
  'requires_approval',
  'waiting_for_approval',
  'awaiting_decision',
  'waiting',
  'parked',
  'blocked',
  'paused',
  'on_hold',
  'held',
  'gated',
);

/** A run that ended without succeeding. */
const RUN_FAILED = set(
  ...FAILURE,
  'rejected',
  'cancelled',
  'canceled',
  'aborted',
  'killed',
  'terminated',
  'expired',
  'denied',
);

/** Run words that mean it was stopped on purpose (a step or run the person cancelled). */
const CANCELLED = set('cancelled', 'canceled', 'aborted', 'killed', 'terminated');

export function classify(word: string | undefined | null, kind: StateKind = 'resource'): StateClass {
  if (typeof word !== 'string' || word.trim() === '') return 'neutral';
  const w = normalWord(word);
  if (kind === 'run') {
    if (SUCCESS.has(w)) return 'settled';
    if (RUN_FAILED.has(w)) return 'failed';
    if (RUN_PROGRESS.has(w) || GATE.has(w)) return 'progress';
    return 'neutral';
  }
  if (RESOURCE_SETTLED.has(w)) return 'settled';
  if (RESOURCE_FAILED.has(w)) return 'failed';
  if (RESOURCE_PROGRESS.has(w)) return 'progress';
  return 'neutral';
}

/** A run's word for "parked at an approval gate". */
export function isGateWord(word: string | undefined | null): boolean {
  return typeof word === 'string' && GATE.has(normalWord(word));
}

/**
 * The gate words that name a decision someone must take. The others ("waiting", "paused",
 * "blocked", "held") also mean a run waits for a runner or a resource: on their own they are not
 * enough to interrupt a person (a notification), though they are shown as a gate.
 */
const GENERIC_WAIT = set('waiting', 'paused', 'blocked', 'on_hold', 'held');

export function isApprovalWord(word: string | undefined | null): boolean {
  return isGateWord(word) && !GENERIC_WAIT.has(normalWord(word!));
}

/** A run's word for "cancelled on purpose" (a kind of failed end). */
export function isCancelWord(word: string | undefined | null): boolean {
  return typeof word === 'string' && CANCELLED.has(normalWord(word));
}

/** Resource words for "at rest, down": settled, but not up. Paused ones in blue, stopped ones grey. */
const PAUSED = set('suspended', 'paused', 'hibernated', 'sleeping');
const DOWN = set(
  'stopped',
  'exited',
  'halted',
  'shutoff',
  'shut_off',
  'off',
  'terminated',
  'disabled',
  'detached',
  'idle',
  'created',
);

export type Tone = 'success' | 'warning' | 'error' | 'info' | 'default';

/** A calm colour for a state: success, under way, failed; paused and gates in blue; stopped and unknown neutral. */
export function toneOf(word: string | undefined | null, kind: StateKind = 'resource'): Tone {
  const c = classify(word, kind);
  if (c === 'failed') return kind === 'run' && isCancelWord(word) ? 'default' : 'error';
  if (c === 'progress') return kind === 'run' && isGateWord(word) ? 'info' : 'warning';
  if (c === 'settled' && kind === 'resource') {
    const w = normalWord(word!);
    return PAUSED.has(w) ? 'info' : DOWN.has(w) ? 'default' : 'success';
  }
  if (c === 'settled') return 'success';
  return 'default';
}

/** The word as the zone wrote it, made readable (underscores as spaces); never replaced by a guess. */
export function stateText(word: string | undefined | null): string {
  return typeof word === 'string' ? word.replace(/_/g, ' ') : '';
}

/** A word the vocabulary knows for some state of either kind (value inference: is this field a state?). */
export function isStateWord(word: unknown): boolean {
  return (
    typeof word === 'string' &&
    word.length <= 40 &&
    (classify(word) !== 'neutral' || classify(word, 'run') !== 'neutral')
  );
}
