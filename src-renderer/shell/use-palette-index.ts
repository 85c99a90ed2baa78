/**
 * The palette's view of the grab index (palette-index.ts): read afresh at each opening, the last
 * one shown until it answers, and read again when a zone signs in or out while the palette is open
 * (its clusters come or go at once; an index read just before the sign-in answered would stand).
 */
import { ref, watch } from 'vue';
import type { GrabIndex } from '@contract/commands-infra';
import { useZonesStore } from '../state/zones';
import { useUiStore } from '../state/ui';
import { reportError } from '../data/report-error';
import { lastGrabIndex, readGrabIndex, signedInKey } from './palette-index';

export function usePaletteIndex() {
  const zones = useZonesStore();
  const ui = useUiStore();
  const index = ref<GrabIndex | null>(null);
  const indexing = ref(false);

  /** Reads the index afresh; the first opening finds the one read when the shell showed. */
  function refresh(): void {
    index.value ??= lastGrabIndex();
    indexing.value = true;
    void readGrabIndex(zones.list)
      .then((i) => (index.value = i))
      .catch((e: unknown) => reportError('palette', e, { step: 'grab index' }, 'warn'))
      .finally(() => (indexing.value = false));
  }

  watch(
    () => signedInKey(zones.list),
    () => ui.paletteOpen && refresh(),
  );
  return { index, indexing, refresh };
}
