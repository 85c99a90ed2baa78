/**
 * One clock for relative times ("3 min ago"): every list screen used to start its own 30-s timer.
 * The timer runs while at least one caller's scope is alive and stops with the last one, so a
 * closed screen leaves nothing ticking.
 */
import { getCurrentScope, onScopeDispose, readonly, ref, type Ref } from 'vue';

/** How often relative times move: finer than the minutes they show is wasted work. */
export const NOW_EVERY_MS = 30_000;

const now = ref(Date.now());
let users = 0;
let timer: ReturnType<typeof setInterval> | null = null;

/** The shared `Date.now()`, refreshed every 30 s while any screen reads it. */
export function useNow(): Readonly<Ref<number>> {
  if (users++ === 0) {
    // A screen opened after a quiet spell must not show times as of the last close.
    now.value = Date.now();
    timer = setInterval(() => (now.value = Date.now()), NOW_EVERY_MS);
  }
  if (getCurrentScope())
    onScopeDispose(() => {
      if (--users > 0 || !timer) return;
      clearInterval(timer);
      timer = null;
    });
  return readonly(now);
}
