/**
 * What differs between containers and microVMs, in one table: the API area, words, the actions
 * each offers, and the fields the create/edit form shows. Views and stores take a kind and read here.
 */
import { desiredStateOf, stateOf, type Raw } from '@contract/tolerant';

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

/** Which actions make sense from a state (the zone still decides; a 409 is shown in words). */
export function actionAllowed(action: LifecycleAction, state: string | undefined): boolean {
  const s = (state ?? '').toLowerCase();
  switch (action) {
    case 'start':
      return s === 'stopped';
    case 'stop':
      return s === 'running' || s === 'suspended';
    case 'resume':
      return s === 'suspended';
    default:
      return s === 'running';
  }
}

/**
 * A state is settled when nothing is under way: the state (status|state) equals the state it is
 * heading for (desired_status|desired_state), or, without one, is no -ing/pending word.
 */
export function isSettled(raw: Raw): boolean {
  const state = stateOf(raw);
  const desired = desiredStateOf(raw);
  if (state && desired) return state.toLowerCase() === desired.toLowerCase();
  return !/(ing|pending)$/i.test(state ?? '');
}
