/**
 * Long work (create, upgrade, downloads, lifecycle actions) as tasks: shown in the status bar with
 * progress while they run, announced when they end, so the person can keep working meanwhile.
 */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';

export interface Task {
  id: number;
  title: string;
  zone?: string;
  /** 0..1 when known; undefined shows an indeterminate bar. */
  progress?: number;
  detail?: string;
  state: 'running' | 'done' | 'failed';
}

export interface TaskHandle {
  update(patch: Partial<Pick<Task, 'progress' | 'detail' | 'title'>>): void;
  done(detail?: string): void;
  fail(detail: string): void;
}

let next = 1;

export const useTasksStore = defineStore('tasks', () => {
  const tasks = ref<Task[]>([]);
  const running = computed(() => tasks.value.filter((t) => t.state === 'running'));
  /** Listeners the shell uses to notify when a task ends. */
  const endListeners = new Set<(t: Task) => void>();

  function start(title: string, zone?: string): TaskHandle {
    const task: Task = { id: next++, title, state: 'running', ...(zone ? { zone } : {}) };
    tasks.value = [...tasks.value, task];
    const patch = (p: Partial<Task>) => {
      tasks.value = tasks.value.map((t) => (t.id === task.id ? { ...t, ...p } : t));
    };
    const end = (state: 'done' | 'failed', detail?: string) => {
      patch({ state, ...(detail !== undefined ? { detail } : {}) });
      const ended = tasks.value.find((t) => t.id === task.id)!;
      endListeners.forEach((l) => l(ended));
      // Keep ended tasks briefly so the status bar can show the outcome, then drop them.
      setTimeout(() => (tasks.value = tasks.value.filter((t) => t.id !== task.id)), 8000);
    };
    return { update: patch, done: (d) => end('done', d), fail: (d) => end('failed', d) };
  }

  /** Runs `work` as a task; its result or error passes through. */
  async function track<T>(title: string, work: (t: TaskHandle) => Promise<T>, zone?: string): Promise<T> {
    const handle = start(title, zone);
    try {
      const result = await work(handle);
      handle.done();
      return result;
    } catch (e) {
      handle.fail(e instanceof Error ? e.message : String(e));
      throw e;
    }
  }

  function onEnd(fn: (t: Task) => void): () => void {
    endListeners.add(fn);
    return () => endListeners.delete(fn);
  }

  return { tasks, running, start, track, onEnd };
});
