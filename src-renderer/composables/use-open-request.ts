/**
 * A screen's side of "open this item" from the palette: when a request for this screen and zone
 * arrives (or is waiting when the screen mounts), `open(id)` runs once and the request is cleared.
 */
import { watch } from 'vue';
import { useUiStore } from '../state/ui';
import { usePane } from './use-pane';

export function useOpenRequest(
  zone: () => string,
  area: string,
  section: string,
  open: (id: string, detail?: [string, string]) => void,
): void {
  const ui = useUiStore();
  // The focused pane takes the request: the palette and links act on it.
  const { focused } = usePane();
  watch(
    () => [ui.opening, focused.value] as const,
    ([req]) => {
      if (!req || !focused.value || req.zone !== zone() || req.area !== area || req.section !== section) return;
      ui.opening = null;
      open(req.id, req.detail);
    },
    { immediate: true },
  );
}
