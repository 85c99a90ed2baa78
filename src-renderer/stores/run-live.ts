/**
 * A run followed live: its SSE stream through the agent, events applied by the step reducer in
 * time-boxed batches (10,000 events must not hold the page for more than a few milliseconds at a
 * time), the connection in words. The agent resumes a dropped stream with Last-Event-ID by
 * itself; when it gives up, or the zone ends the reply before the run is over, we open it again
 * from the last event number we hold, so nothing is lost and the reducer drops any repeat.
 */
import { getCurrentScope, onScopeDispose, shallowRef, watch } from 'vue';
import { agent, type StreamHandle } from '../agent';
import { readRunEvent, type StreamEventIn } from '../lib/run-events';
import { applyRunEvent, emptyProgress, type RunProgress } from '../lib/run-steps';
import { progressFromRun, runInFlight } from '../lib/run-record';
import type { Raw } from '../lib/tolerant';
import { runSettled, type RunRef } from './workflow-runs';

export type Connection = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ended' | 'lost';

/** Longest slice of the page's time one batch may take. */
const SLICE_MS = 8;
const REOPEN_MS = [500, 1000, 2000, 4000, 8000];

export interface RunLive {
  /** Replaced (a new object) after every batch, so views recompute once per batch. */
  readonly progress: RunProgress;
  readonly connection: Connection;
  /** Events received, repeats included. */
  readonly received: number;
}

export function useRunLive(target: () => RunRef | null, record: () => Raw | undefined): RunLive {
  const progress = shallowRef<RunProgress>(emptyProgress());
  const connection = shallowRef<Connection>('idle');
  const received = shallowRef(0);
  let state = emptyProgress();
  let queue: StreamEventIn[] = [];
  let lastId: string | undefined;
  let handle: StreamHandle | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  let current: RunRef | null = null;
  let generation = 0;

  // The reducer mutates in place: a new record and trail per batch let views see the change.
  const publish = () => {
    progress.value = { ...state, trail: [...state.trail], status: { ...state.status } };
  };

  function drain(): void {
    timer = null;
    const start = performance.now();
    let i = 0;
    // Time-boxed: a burst of events is spread over several tasks, none long.
    for (; i < queue.length; i++) {
      applyRunEvent(state, readRunEvent(queue[i]!));
      if ((i & 63) === 63 && performance.now() - start > SLICE_MS) {
        i++;
        break;
      }
    }
    queue = i >= queue.length ? [] : queue.slice(i);
    received.value += i;
    publish();
    if (queue.length) timer = setTimeout(drain, 0);
  }

  function onEvent(e: StreamEventIn): void {
    if (e.type === 'state' && e.id === undefined) {
      const s = (e.data as { state?: unknown } | null)?.state;
      if (s === 'reconnecting') connection.value = 'reconnecting';
      else if (s === 'connected') connection.value = 'live';
      return;
    }
    if (e.id !== undefined) lastId = e.id;
    if (connection.value !== 'live') connection.value = 'live';
    queue.push(e);
    timer ??= setTimeout(drain, 16);
  }

  function onEnd(gen: number, failed: boolean): void {
    if (gen !== generation || !current) return;
    handle = null;
    const run = current;
    // Apply what is queued first: the end state decides whether the run is over.
    while (queue.length) drain();
    if (timer) clearTimeout(timer);
    timer = null;
    if (!runInFlight(state.runStatus) && state.runStatus !== undefined) {
      connection.value = 'ended';
      runSettled(run);
      return;
    }
    const delay = REOPEN_MS[attempt++];
    if (delay === undefined) {
      connection.value = 'lost';
      runSettled(run);
      return;
    }
    connection.value = failed ? 'reconnecting' : connection.value === 'idle' ? 'connecting' : 'reconnecting';
    reopenTimer = setTimeout(() => open(run, gen), delay);
  }

  function open(run: RunRef, gen: number): void {
    reopenTimer = null;
    if (gen !== generation) return;
    if (connection.value === 'idle') connection.value = 'connecting';
    agent
      .openStream(
        {
          zone: run.zone,
          operationId: 'workflowRuns.stream',
          params: { id: run.id },
          ...(lastId !== undefined ? { lastEventId: lastId } : {}),
        },
        { onEvent, onEnd: (err) => onEnd(gen, !!err) },
      )
      .then((h) => {
        if (gen !== generation) h.close();
        else {
          handle = h;
          attempt = 0;
        }
      })
      .catch(() => onEnd(gen, true));
  }

  function stop(): void {
    generation++;
    handle?.close();
    handle = null;
    if (timer) clearTimeout(timer);
    if (reopenTimer) clearTimeout(reopenTimer);
    timer = reopenTimer = null;
    queue = [];
  }

  watch(
    () => {
      const t = target();
      return t ? `${t.zone}/${t.id}` : '';
    },
    () => {
      stop();
      current = target();
      state = emptyProgress();
      lastId = undefined;
      attempt = 0;
      received.value = 0;
      connection.value = 'idle';
      publish();
      if (current) open(current, generation);
    },
    { immediate: true },
  );

  // The record's trail stands in until the stream says something (a zone that does not replay).
  watch(
    record,
    (raw) => {
      if (!raw || state.applied > 0 || state.trail.length > 0) return;
      state = progressFromRun(raw);
      publish();
    },
    { immediate: true },
  );

  if (getCurrentScope()) onScopeDispose(stop);

  return {
    get progress() {
      return progress.value;
    },
    get connection() {
      return connection.value;
    },
    get received() {
      return received.value;
    },
  };
}
