/**
 * Split panes: the main area shows one or more panes, each with its own zone and screen. The
 * focused pane is the one the rail, the sidebar, the palette and deep links act on: focusing a
 * pane selects its zone and place, and changing them changes that pane. The layout is saved and
 * comes back after a restart (panes of zones that are gone are dropped).
 */
import { defineStore } from 'pinia';
import { computed, reactive, ref, watch } from 'vue';
import { findArea, type AreaId } from './navigation';
import {
  addPane,
  dropZones,
  MAX_PANES,
  paneAfter,
  parseLayout,
  removePane,
  setFocusedPlace,
  type Pane,
  type PaneLayout,
  type SplitDirection,
} from '../lib/pane-layout';
import { useConsolesStore } from './consoles';
import { useUiStore } from './ui';
import { useZonesStore } from './zones';

const LAYOUT_KEY = 'zonedeck.layout';

export interface PanePlace {
  zoneId: string;
  area: AreaId;
  section: string;
}

export const usePanesStore = defineStore('panes', () => {
  const zones = useZonesStore();
  const ui = useUiStore();
  const layout = ref<PaneLayout | null>(null);
  /** The open item's name per pane, for the breadcrumb's last part. */
  const details = reactive<Record<string, string | null>>({});

  const current = (): Omit<Pane, 'id'> | null =>
    zones.selectedId ? { zoneId: zones.selectedId, area: ui.place.area, section: ui.place.section } : null;

  /** Always at least one pane once a zone is selected: the one the rail and sidebar drive. */
  const list = computed<Pane[]>(() => {
    if (layout.value) return layout.value.panes;
    const c = current();
    return c ? [{ id: 'p1', ...c }] : [];
  });
  const focusedId = computed(() => layout.value?.focusedId ?? 'p1');
  const direction = computed<SplitDirection>(() => layout.value?.direction ?? 'row');
  const split = computed(() => list.value.length > 1);
  const full = computed(() => list.value.length >= MAX_PANES);
  const detail = computed(() => details[focusedId.value] ?? null);

  function save(): void {
    if (layout.value && layout.value.panes.length > 1) localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout.value));
    else localStorage.removeItem(LAYOUT_KEY);
  }

  function focus(id: string): void {
    const pane = layout.value?.panes.find((p) => p.id === id);
    if (!layout.value || !pane || id === layout.value.focusedId) return;
    layout.value = { ...layout.value, focusedId: id };
    ui.go(pane.area as AreaId, pane.section, pane.zoneId);
    save();
  }

  /**
   * Focuses a pane already showing `zoneId` (one on `area` first) unless the focused pane shows
   * it: a deep link then opens there instead of turning the focused pane into a second copy.
   */
  function focusZone(zoneId: string, area?: string): void {
    const panes = layout.value?.panes;
    if (!panes || panes.find((p) => p.id === focusedId.value)?.zoneId === zoneId) return;
    const onZone = panes.filter((p) => p.zoneId === zoneId);
    const pane = onZone.find((p) => p.area === area) ?? onZone[0];
    if (pane) focus(pane.id);
  }

  /** A new pane after the focused one, showing `place` (default: what the focused pane shows). */
  function open(dir: SplitDirection, place?: PanePlace): string | null {
    const c = current();
    if (!c || full.value) return null;
    const base: PaneLayout = layout.value ?? { panes: [{ id: 'p1', ...c }], focusedId: 'p1', direction: dir };
    const next = addPane(base, place ?? c, dir);
    layout.value = next;
    const pane = next.panes.find((p) => p.id === next.focusedId)!;
    ui.go(pane.area as AreaId, pane.section, pane.zoneId);
    save();
    return pane.id;
  }

  function close(id: string): void {
    if (!layout.value) return;
    const wasFocused = layout.value.focusedId === id;
    const next = removePane(layout.value, id);
    delete details[id];
    useConsolesStore().forgetPane(id);
    // One pane left keeps its id, so its screen is not mounted again.
    layout.value = next;
    const pane = next.panes.find((p) => p.id === next.focusedId);
    if (wasFocused && pane) ui.go(pane.area as AreaId, pane.section, pane.zoneId);
    save();
  }

  function focusNext(step: number): void {
    const p = layout.value && paneAfter(layout.value, step);
    if (p) focus(p.id);
  }

  function focusNth(n: number): void {
    const p = list.value[n];
    if (p) focus(p.id);
  }

  function setDetail(paneId: string, name: string | null): void {
    details[paneId] = name;
  }

  /** Restores the saved layout once the zones are known. */
  function restore(): void {
    const known = new Set(zones.list.map((z) => z.id));
    const saved = parseLayout(localStorage.getItem(LAYOUT_KEY), known, (a, s) => {
      const area = findArea(a);
      return !!area && area.sections.some((x) => x.id === s);
    });
    if (!saved || saved.panes.length < 2) return;
    layout.value = saved;
    const pane = saved.panes.find((p) => p.id === saved.focusedId)!;
    ui.go(pane.area as AreaId, pane.section, pane.zoneId);
  }

  // The rail and sidebar drive the focused pane.
  watch(
    () => [zones.selectedId, ui.place.area, ui.place.section] as const,
    () => {
      const c = current();
      if (!layout.value || !c) return;
      layout.value = setFocusedPlace(layout.value, c);
      save();
    },
  );
  // A removed zone closes its panes.
  watch(
    () => zones.list.map((z) => z.id).join('\n'),
    () => {
      if (!layout.value || !zones.loaded) return;
      const before = layout.value;
      const next = dropZones(before, new Set(zones.list.map((z) => z.id)));
      layout.value = next;
      // Focus left a removed zone's pane: the selection follows the pane focused now, so the zone
      // selected in place of the removed one does not take that pane over.
      const pane = next && next.focusedId !== before.focusedId && next.panes.find((p) => p.id === next.focusedId);
      if (pane) ui.go(pane.area as AreaId, pane.section, pane.zoneId);
      save();
    },
  );

  return {
    list,
    focusedId,
    direction,
    split,
    full,
    detail,
    focus,
    focusZone,
    open,
    close,
    focusNext,
    focusNth,
    setDetail,
    restore,
  };
});
