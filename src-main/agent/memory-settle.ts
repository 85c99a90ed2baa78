/**
 * Gives memory back once the agent goes quiet after reading a long list. A whole list decoded and
 * sent on (20,000 containers: ~10 MB of JSON) leaves ~50 MB of temporaries in V8's old space (the
 * text, the parsed records, the reply to the page); with nothing else allocating, V8 collected them
 * only ~30 s later, so the agent sat at ~235 MiB where it holds ~145 (docs/benchmarks.md, #28).
 * Here one full collection runs once the agent has read no long list for QUIET_MS, at most once per
 * MIN_GAP_MS: a few tens of ms of CPU after a screen loads, none while polls come back unchanged.
 *
 * QUIET_MS is past V8's allocation-throughput window (5 s): a full collection that follows 5 s of
 * little allocation also shrinks the young generation, which reading a long list grows to 32 MiB
 * and which stays committed otherwise (run 2 s after the read, the collection left it: the idle
 * agent sat at ~165 MiB instead of ~130; #28 goal 4).
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A decoded reply at least this large asks for a collection. */
const LARGE_REPLY_BYTES = 1024 * 1024;
const QUIET_MS = 6_000;
const MIN_GAP_MS = 10_000;
/** A long list that changes at every poll (every 3 s) must not put the collection off for ever. */
const MOST_WAIT_MS = 30_000;

let collect: (() => void) | null | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The last collection, the last long reply, and when the pending collection was asked for. */
let last = -Infinity;
let lastLarge = -Infinity;
let asked = 0;

/** V8's full collection: `gc` as --expose-gc gives it, taken from a fresh context; null if refused. */
function fullGc(): (() => void) | null {
  if (collect !== undefined) return collect;
  const own = (globalThis as { gc?: () => void }).gc;
  if (typeof own === 'function') return (collect = own);
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    collect = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collect = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return collect;
}

/** Notes a decoded reply of `bytes`: a large one asks for a collection once the agent is quiet. */
export function afterReply(bytes: number): void {
  if (bytes < LARGE_REPLY_BYTES) return;
  const now = performance.now();
  lastLarge = now;
  if (timer) return; // settle() sees the later reply and waits on
  asked = now;
  arm(now);
}

function arm(now: number): void {
  const at = Math.min(Math.max(lastLarge + QUIET_MS, last + MIN_GAP_MS), asked + MOST_WAIT_MS);
  timer = setTimeout(settle, Math.max(0, at - now));
  timer.unref();
}

function settle(): void {
  timer = undefined;
  const now = performance.now();
  if (now < lastLarge + QUIET_MS && now < asked + MOST_WAIT_MS) return arm(now);
  last = now;
  fullGc()?.();
}
