/**
 * undici, loaded on first use rather than at start: its ~70 CommonJS modules took ~100 ms of the
 * host's ~480 ms to ready (docs/benchmarks.md, start-up). Hosts warm it once they are ready, so the
 * first zone call does not wait for it either.
 */
import type * as UndiciModule from 'undici';

type Undici = typeof UndiciModule;

let loading: Promise<Undici> | undefined;

export function undici(): Promise<Undici> {
  return (loading ??= import('undici'));
}

/** Starts loading undici in the background; a failure surfaces on the first call that needs it. */
export function warmUndici(): void {
  undici().catch(() => (loading = undefined));
}
