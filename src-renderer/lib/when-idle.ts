/**
 * Work that should not get in the first screen's way: run when the page is first idle, or after
 * `timeoutMs` at the latest; where requestIdleCallback is missing (Safari, jsdom), after `fallbackMs`.
 */
export function whenIdle(fn: () => void, timeoutMs: number, fallbackMs = 0): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout: timeoutMs });
  else setTimeout(fn, fallbackMs);
}
