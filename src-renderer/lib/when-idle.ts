/**
 * Work that should not get in the first screen's way: run once the first screen is painted and the
 * page is then idle, or `timeoutMs` after the call at the latest (a page whose first screen never
 * comes still gets it). Where requestIdleCallback is missing (Safari, jsdom): after `fallbackMs`.
 *
 * Why the first screen and not idle alone (#39): a starting page is idle while it waits for the
 * agent's socket, so idle work (the feedback providers, the dark theme, their ~25 chunks) took the
 * browser's six connections ahead of the socket worker's script and ran as the zones arrived.
 */
let shown = false;
const waiting: (() => void)[] = [];

/** Called by the app root once its first screen (the shell, first run, or the boot error) is painted. */
export function firstScreenShown(): void {
  if (shown) return;
  shown = true;
  performance.mark('zd:first-screen');
  for (const go of waiting.splice(0)) go();
}

export function whenIdle(fn: () => void, timeoutMs: number, fallbackMs = 0): void {
  if (typeof requestIdleCallback !== 'function') {
    setTimeout(fn, fallbackMs);
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  const idle = () => void requestIdleCallback(run, { timeout: timeoutMs });
  if (shown) return idle();
  waiting.push(idle);
  setTimeout(run, timeoutMs);
}
