/**
 * undici, loaded on first use rather than at start: its ~70 CommonJS modules took ~100 ms of the
 * host's ~480 ms to ready (docs/benchmarks.md, start-up). Hosts warm it once they are ready, so the
 * first zone call does not wait for it either.
 */
import type * as UndiciModule from 'undici';

type Undici = typeof UndiciModule;

let loading: Promise<Undici> | undefined;
let hold: Promise<unknown> = Promise.resolve();

export function undici(): Promise<Undici> {
  return (loading ??= hold.then(() => import('undici')));
}

/**
 * Loading waits for `until`, or `atMostMs`, whichever comes first: the browser host holds it
 * until its page has its first script (#39). Compiling undici is one ~70 ms block of the host's
 * only thread; run as the ready line went out, it held back the page's document and script, and
 * the page waited longer than the zone calls that needed undici. Call before anything loads it.
 */
export function holdUndici(until: Promise<unknown>, atMostMs: number): void {
  hold = Promise.race([until, new Promise((r) => setTimeout(r, atMostMs).unref())]);
}

/** Starts loading undici in the background; a failure surfaces on the first call that needs it. */
export function warmUndici(): void {
  undici().catch(() => (loading = undefined));
}
