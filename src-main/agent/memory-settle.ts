/**
 * Gives memory back once the agent goes quiet after reading a long list. A whole list decoded and
 * sent on (20,000 containers: ~10 MB of JSON) leaves ~50 MB of temporaries in V8's old space (the
 * text, the parsed records, the reply to the page); with nothing else allocating, V8 collected them
 * only ~30 s later, so the agent sat at ~235 MiB where it holds ~145 (docs/benchmarks.md, #28).
 * Here one full collection runs SETTLE_MS after the last such reply, at most once per MIN_GAP_MS:
 * a few tens of ms of CPU after a screen loads, none while polls come back unchanged.
 */
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A decoded reply at least this large schedules a collection. */
const LARGE_REPLY_BYTES = 1024 * 1024;
const SETTLE_MS = 2_000;
const MIN_GAP_MS = 10_000;

let collect: (() => void) | null | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let last = -Infinity;

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

/** Notes a decoded reply of `bytes`: a large one schedules a collection once the agent is quiet. */
export function afterReply(bytes: number): void {
  if (bytes < LARGE_REPLY_BYTES) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(settle, Math.max(SETTLE_MS, last + MIN_GAP_MS - performance.now()));
  timer.unref();
}

function settle(): void {
  timer = undefined;
  last = performance.now();
  fullGc()?.();
}
