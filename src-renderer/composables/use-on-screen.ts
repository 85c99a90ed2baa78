/**
 * Says which item a screen shows while it is mounted (data/sightings.ts), so notifications leave
 * alone what the person is looking at. The key follows the screen's item as it changes.
 */
import { watch } from 'vue';
import { showing } from '../data/sightings';

export function useOnScreen(key: () => string | null): void {
  watch(
    key,
    (k, _old, onCleanup) => {
      if (k) onCleanup(showing(k));
    },
    { immediate: true },
  );
}
