/**
 * Opens deep links in this window: a pane already on the link's zone takes focus (else the focused
 * pane turns to it), the zone's screen is shown, and an item id becomes
 * an open request the screen takes when it mounts (after sign-in, if the zone asks for one first).
 * A link that arrives before the zone list has loaded waits for it.
 */
import { onBeforeUnmount, onMounted, watch } from 'vue';
import { useMessage } from '../composables/feedback';
import type { DeepLink } from '@contract/deep-link';
import { linkTarget } from './deep-link-target';
import { listenForDeepLinks } from './deep-links';
import { usePanesStore } from '../state/panes';
import { useUiStore } from '../state/ui';
import { useZonesStore } from '../state/zones';

export function useDeepLinks(): void {
  const zones = useZonesStore();
  const ui = useUiStore();
  const panes = usePanesStore();
  const message = useMessage();
  let waiting: DeepLink | null = null;

  function open(link: DeepLink): void {
    if (!zones.loaded) {
      waiting = link;
      return;
    }
    const t = linkTarget(link, zones.list);
    if (typeof t === 'string') return void message.warning(t, { duration: 8000 });
    ui.paletteOpen = false;
    panes.focusZone(t.zone, t.area);
    if (t.id)
      ui.openItem({
        zone: t.zone,
        area: t.area,
        section: t.section,
        id: t.id,
        ...(t.detail ? { detail: t.detail } : {}),
      });
    else ui.go(t.area, t.section, t.zone);
  }

  watch(
    () => zones.loaded,
    (loaded) => {
      if (!loaded || !waiting) return;
      const link = waiting;
      waiting = null;
      open(link);
    },
  );
  let stop = () => {};
  onMounted(() => (stop = listenForDeepLinks(open)));
  onBeforeUnmount(() => stop());
}
