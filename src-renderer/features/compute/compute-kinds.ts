/**
 * What differs between containers and microVMs, in one table: the API area, words, the actions
 * each offers, and the fields the create/edit form shows. Views and stores take a kind and read here.
 */
import { desiredStateOf, stateOf, type Raw } from '@contract/tolerant';
import { classify, normalWord } from '@contract/state-vocabulary';

export type ComputeKind = 'containers' | 'microvms';

export type LifecycleAction = 'start' | 'stop' | 'reboot' | 'reschedule' | 'suspend' | 'resume';

export interface FormField {
  key: string;
  label: string;
  type: 'text' | 'number' | 'select';
  options?: string[];
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
}

export interface KindInfo {
  kind: ComputeKind;
  /** "container" / "microVM" — in sentences and dialogs. */
  noun: string;
  plural: string;
  actions: LifecycleAction[];
  hasLogs: boolean;
  /** The console's name in tabs and labels. */
  consoleName: string;
  form: FormField[];
}

export const KINDS: Record<ComputeKind, KindInfo> = {
  containers: {
    kind: 'containers',
    noun: 'container',
    plural: 'Containers',
    hasLogs: true,
    consoleName: 'Terminal',
    actions: ['start', 'stop', 'reschedule'],
    form: [
      { key: 'image', label: 'Image', type: 'text', placeholder: 'nginx:1.27' },
      { key: 'cpu', label: 'CPU', type: 'number', min: 0.1, max: 64, step: 0.1 },
      { key: 'memory_mib', label: 'Memory (MiB)', type: 'number', min: 64, max: 262144, step: 64 },
      { key: 'restart_policy', label: 'Restart policy', type: 'select', options: ['always', 'on-failure', 'never'] },
    ],
  },
  microvms: {
    kind: 'microvms',
    noun: 'microVM',
    plural: 'MicroVMs',
    hasLogs: false,
    consoleName: 'Serial console',
    actions: ['start', 'stop', 'reboot', 'reschedule', 'suspend', 'resume'],
    form: [
      { key: 'image', label: 'Image', type: 'text', placeholder: 'ubuntu-24.04' },
      { key: 'kernel', label: 'Kernel', type: 'text', placeholder: 'vmlinux-6.1-fc' },
      { key: 'vcpus', label: 'vCPUs', type: 'number', min: 1, max: 32, step: 1 },
      { key: 'memory_mib', label: 'Memory (MiB)', type: 'number', min: 128, max: 262144, step: 128 },
    ],
  },
};

export const ACTION_WORDS: Record<LifecycleAction, { label: string; doing: string; danger: boolean }> = {
  start: { label: 'Start', doing: 'Starting', danger: false },
  stop: { label: 'Stop', doing: 'Stopping', danger: true },
  reboot: { label: 'Reboot', doing: 'Rebooting', danger: true },
  reschedule: { label: 'Reschedule', doing: 'Rescheduling', danger: false },
  suspend: { label: 'Suspend', doing: 'Suspending', danger: false },
  resume: { label: 'Resume', doing: 'Resuming', danger: false },
};

/** Words that positively say an instance is up, and down at rest; any other word rules nothing out. */
const UP = new Set(['running', 'active', 'up', 'healthy', 'ready', 'online', 'live', 'available']);
const DOWN = new Set(['stopped', 'exited', 'halted', 'shutoff', 'shut_off', 'off', 'terminated', 'created']);
const SUSPENDED = new Set(['suspended', 'paused', 'hibernated', 'sleeping']);

/**
 * Whether to offer an action. The zone decides: an action is offered unless the record's state is
 * a word we know and it positively rules the action out (Start on a running instance); a missing
 * or unknown state offers everything, and a refusal is shown in the zone's words.
 */
export function actionAllowed(action: LifecycleAction, state: string | undefined): boolean {
  if (!state) return true;
  const s = normalWord(state);
  const up = UP.has(s);
  const down = DOWN.has(s);
  const suspended = SUSPENDED.has(s);
  switch (action) {
    case 'start':
      return !up && !suspended;
    case 'stop':
      return !down;
    case 'resume':
      return !up && !down;
    case 'suspend':
    case 'reboot':
      return !down && !suspended;
    default:
      return true;
  }
}

/**
 * Settled, for waiting: nothing is under way. The state equals the one it is heading for when the
 * record has both; otherwise the vocabulary decides, and only a word it knows as under way
 * (starting, stopping…) is unsettled: an unknown word is not waited on, so a zone that answers
 * only its current state is never polled on a guess.
 */
export function isSettled(raw: Raw): boolean {
  const state = stateOf(raw);
  const desired = desiredStateOf(raw);
  if (state && desired) return normalWord(state) === normalWord(desired);
  return classify(state, 'resource') !== 'progress';
}

/** The console is offered unless the record says the instance is down or suspended. */
export function consoleAllowed(state: string | undefined): boolean {
  if (!state) return true;
  const s = normalWord(state);
  return !DOWN.has(s) && !SUSPENDED.has(s);
}
