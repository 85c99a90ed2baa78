/**
 * A run followed live. The run record is the truth; the stream only says "something happened".
 * The spec leaves the stream's event names, payloads and ids "not shown", so any event, whatever
 * its name, schedules a debounced re-read of the record (at most one read in flight, one more
 * queued behind it, and a final read when the stream ends); each record read becomes the progress
 * shown. Events the step reducer understands paint a step early between reads, never required.
 * Events are applied in time-boxed batches, one per frame (10,000 must not hold the page). The agent resumes a
 * dropped stream with Last-Event-ID; when it gives up, or the stream ends while the record still
 * says the run is in flight, we open it again from the last event id we hold.
 */
import { getCurrentScope, onScopeDispose, shallowRef, watch } from 'vue';
import type { StreamHandle } from '../../../agent';
import { openRunStream } from './run-stream';
import { readRunEvent, type StreamEventIn } from '../shapes/run-events';
import { applyRunEvent, emptyProgress, type RunProgress } from './run-steps';
import { runFinished, runInFlight } from '../shapes/run-record';
import { rebase } from './run-rebase';
import { Rereader } from './run-reread';
import type { Raw } from '../../../lib/tolerant';
import { rereadRun, runSettled, type RunRef } from './workflow-runs';

export type Connection = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'ended' | 'lost';

/** Longest slice of the page's time one batch may take. */
const SLICE_MS = 8;
/** A page drawing no frames (hidden) still applies events this often. */
const UNSEEN_MS = 100;
/**
 * A stream the record says is over is closed once it has been this quiet: the events still on
 * their way (a burst of 10,000 is seconds behind the zone on a busy machine) are not cut off.
 */
export const QUIET_CLOSE_MS = 400;

/** The next frame, where there are frames (not in Node, where the timer beside it does the work). */
const onFrame = (fn: () => void): number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(fn) : 0;
const offFrame = (id: number): void => {
  if (id) cancelAnimationFrame(id);
};
const REOPEN_MS = [500, 1000, 2000, 4000, 8000];
/** Events within this window share one re-read of the record. */
export const REREAD_MS = 200;

export interface RunLive {
  /** Replaced (a new object) after every batch and every record read, so views recompute once. */
  readonly progress: RunProgress;
  readonly connection: Connection;
  /** Events received, repeats included, whatever their names. */
  readonly received: number;
}

export function useRunLive(
  target: () => RunRef | null,
  record: () => Raw | undefined,
  nodes: () => ReadonlySet<string> | undefined = () => undefined,
): RunLive {
  const progress = shallowRef<RunProgress>(emptyProgress());
  const connection = shallowRef<Connection>('idle');
  const received = shallowRef(0);
  let state = emptyProgress();
  let queue: StreamEventIn[] = [];
  let lastId: string | undefined;
  let handle: StreamHandle | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let frame = 0;
  let quiet: ReturnType<typeof setTimeout> | null = null;
  let lastEventAt = -Infinity;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let rereader: Rereader | null = null;
  let attempt = 0;
  let current: RunRef | null = null;
  let generation = 0;

  // The reducer mutates in place: a new record and trail per batch let views see the change.
  const publish = () => {
    progress.value = { ...state, trail: [...state.trail], status: { ...state.status } };
  };

  function drain(): void {
    if (timer) clearTimeout(timer);
    offFrame(frame);
    timer = null;
    frame = 0;
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
    // The agent's own word on the connection; a zone's event that happens to be named "state" goes on.
    const s = e.type === 'state' && e.id === undefined ? (e.data as { state?: unknown } | null)?.state : undefined;
    if (s === 'reconnecting' || s === 'connected') {
      connection.value = s === 'connected' ? 'live' : 'reconnecting';
      return;
    }
    lastEventAt = performance.now();
    if (e.id !== undefined) lastId = e.id;
    // A stream that says something is alive: its next end reopens it promptly again.
    attempt = 0;
    if (connection.value !== 'live') connection.value = 'live';
    queue.push(e);
    // Applied just before the next frame is drawn (Vue patches in the same frame): every event that
    // arrived meanwhile in one batch, and a step shows one frame after its event at most.
    if (timer === null) {
      timer = setTimeout(drain, UNSEEN_MS);
      frame = onFrame(drain);
    }
    // Whatever its name or payload: something happened to the run, so its record is read again.
    rereader?.poke();
  }

  async function onEnd(gen: number, failed: boolean): Promise<void> {
    if (gen !== generation || !current) return;
    handle = null;
    const run = current;
    while (queue.length) drain();
    if (timer) clearTimeout(timer);
    offFrame(frame);
    timer = null;
    // The record decides whether the run is over: one last read, whatever the events said.
    await rereader?.now();
    if (gen !== generation) return;
    if (!runInFlight(state.runStatus)) {
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
    // Shared with the notifications' follower of the same run (run-stream.ts): one stream per run.
    openRunStream(run, lastId, { onEvent, onEnd: (err) => void onEnd(gen, !!err) })
      .then((h) => {
        if (gen !== generation) h.close();
        else handle = h;
      })
      .catch(() => void onEnd(gen, true));
  }

  function closeWhenQuiet(): void {
    if (quiet) return;
    const check = () => {
      const idle = performance.now() - lastEventAt;
      quiet = idle >= QUIET_CLOSE_MS ? null : setTimeout(check, QUIET_CLOSE_MS - idle);
      if (!quiet) handle?.close();
    };
    check();
  }

  function stop(): void {
    generation++;
    handle?.close();
    handle = null;
    for (const t of [timer, reopenTimer, quiet]) if (t) clearTimeout(t);
    offFrame(frame);
    timer = reopenTimer = quiet = null;
    rereader?.stop();
    rereader = null;
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
      const run = current;
      if (run) rereader = new Rereader(() => rereadRun(run), REREAD_MS);
      state = emptyProgress();
      lastId = undefined;
      lastEventAt = -Infinity;
      attempt = 0;
      received.value = 0;
      connection.value = 'idle';
      const raw = record();
      if (raw) state = rebase(state, raw, nodes());
      publish();
      if (current) open(current, generation);
    },
    { immediate: true },
  );

  // Every record read (ours, the slow poll, an action's reply) is the truth about the run.
  watch([record, nodes], ([raw]) => {
    if (!raw) return;
    state = rebase(state, raw, nodes());
    publish();
    // The record positively says the run is over (an unknown word is not): a stream the zone keeps
    // open has nothing more to say, so it is closed once quiet; its end settles the view as usual.
    if (handle && runFinished(state.runStatus)) closeWhenQuiet();
  });

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
