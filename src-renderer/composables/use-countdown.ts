/** A live countdown for "resend in 0:27" and "try again in 0:42"; stops itself on unmount. */
import { computed, getCurrentScope, onScopeDispose, ref } from 'vue';

export function useCountdown() {
  const deadline = ref(0);
  const now = ref(Date.now());
  let timer: ReturnType<typeof setInterval> | null = null;

  const remaining = computed(() => Math.max(0, Math.ceil((deadline.value - now.value) / 1000)));
  const running = computed(() => remaining.value > 0);

  function stop(): void {
    if (timer) clearInterval(timer);
    timer = null;
  }

  function start(seconds: number): void {
    stop();
    now.value = Date.now();
    deadline.value = now.value + Math.max(0, seconds) * 1000;
    if (seconds <= 0) return;
    // Ticks faster than a second so the display never skips a number.
    timer = setInterval(() => {
      now.value = Date.now();
      if (now.value >= deadline.value) stop();
    }, 250);
  }

  if (getCurrentScope()) onScopeDispose(stop);
  return { remaining, running, start, stop };
}
