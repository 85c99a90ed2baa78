/**
 * undici, loaded on first use rather than at start: its ~70 CommonJS modules took ~100 ms of the
 * host's ~480 ms to ready (docs/benchmarks.md, start-up). Hosts warm it once they are ready, so the
 * first zone call does not wait for it either. Its core (the Pool every call goes through) and its
 * fetch load apart (undici-core.ts).
 */
import type * as CoreModule from './undici-core';
import type * as FetchModule from './undici-fetch';

type Core = typeof CoreModule;
type Fetch = typeof FetchModule;

let hold: Promise<unknown> = Promise.resolve();

/** Loads once, after the hold; a load that failed is thrown to its callers and tried again by the next. */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = hold.then(load);
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
}

export const undici: () => Promise<Core> = loadOnce(() => import('./undici-core'));

/** undici's fetch, for the streams that read a WHATWG body. */
export const undiciFetch: () => Promise<Fetch['fetch']> = loadOnce(() => import('./undici-fetch').then((m) => m.fetch));

/**
 * Loading waits for `until`, or `atMostMs`, whichever comes first: the browser host holds it
 * until its page has its document (#39). Compiling undici's core is one ~35 ms block of the host's
 * only thread (its whole index was ~70); run as the ready line went out, it held back the page's
 * document, and the page waited longer than the zone calls that needed undici. Once the document
 * is sent, the browser takes ~50 ms to ask for the page's scripts. Call before anything loads it.
 */
export function holdUndici(until: Promise<unknown>, atMostMs: number): void {
  hold = Promise.race([until, new Promise((r) => setTimeout(r, atMostMs).unref())]);
}

/** Starts loading undici in the background; a failure surfaces on the first call that needs it. */
export function warmUndici(): void {
  undici().catch(() => undefined);
}
