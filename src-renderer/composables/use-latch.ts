/**
 * True from the first time `when()` is true, for good: a dialog whose code loads lazily is mounted
 * on its first opening and then stays mounted, so its later closings and openings keep their
 * transitions and the first screen never downloads it.
 */
import { ref, watch, type Ref } from 'vue';

export function useLatch(when: () => boolean): Readonly<Ref<boolean>> {
  const on = ref(false);
  const stop = watch(
    when,
    (v) => {
      if (!v) return;
      on.value = true;
      queueMicrotask(() => stop());
    },
    { immediate: true },
  );
  return on;
}
