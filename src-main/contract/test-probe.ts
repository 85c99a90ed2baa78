/**
 * The one door for test and bench hooks in product code: marks the bench reads (performance
 * marks and measures in the renderer) and values the real-Electron test reads from the main
 * process. Built in only by `npm run build:probe` (electron.vite.config.ts defines __ZD_PROBE__);
 * a production build defines it false and the minifier drops every call's body. Without a build
 * (tsx, vitest) it is off.
 */
declare const __ZD_PROBE__: boolean | undefined;

const ON = typeof __ZD_PROBE__ !== 'undefined' && __ZD_PROBE__;

/** performance.mark, in a probe build only. */
export function probeMark(name: string): void {
  if (ON) performance.mark(name);
}

/** performance.measure from `start` (to `end`, else now), in a probe build only. */
export function probeMeasure(name: string, start: string, end?: string): void {
  if (ON) performance.measure(name, start, end);
}

/** Puts `read` on globalThis as `name` for a test to evaluate, in a probe build only. */
export function probeExpose(name: string, read: () => unknown): void {
  if (ON) Object.assign(globalThis, { [name]: read });
}
