/**
 * Toasts belong to the screen they were raised on: moving to another screen, zone or pane clears
 * them, so a failure on one screen never sits over the next. A toast raised by the move itself (a
 * "Created …" that opens the new item) stays: only toasts older than the move's grace go.
 */
import { onBeforeUnmount, onMounted, watch } from 'vue';
import { useMessage } from '../composables/feedback';
import { usePanesStore } from '../state/panes';
import { useUiStore } from '../state/ui';
import { useZonesStore } from '../state/zones';

/** A toast this new was raised by what moved the screen, or with it. */
const GRACE_MS = 1500;

export function useToastScope(): void {
  const message = useMessage();
  const ui = useUiStore();
  const zones = useZonesStore();
  const panes = usePanesStore();
  let lastToastAt = 0;
  let container: Element | null = null;
  const toasts = new MutationObserver((records) => {
    if (records.some((r) => r.addedNodes.length > 0)) lastToastAt = performance.now();
  });
  // Naive UI adds its message container to <body> with the first toast: watch for it, then watch it alone.
  const body = new MutationObserver(() => {
    const found = document.querySelector('.n-message-container');
    if (!found || found === container) return;
    container = found;
    lastToastAt = performance.now();
    toasts.disconnect();
    toasts.observe(found, { childList: true });
  });

  watch(
    () => [zones.selectedId, ui.place.area, ui.place.section, panes.focusedId],
    () => {
      if (container && performance.now() - lastToastAt > GRACE_MS) message.destroyAll();
    },
  );
  onMounted(() => body.observe(document.body, { childList: true }));
  onBeforeUnmount(() => {
    body.disconnect();
    toasts.disconnect();
  });
}
