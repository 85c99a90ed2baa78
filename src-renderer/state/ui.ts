/** Where the person is: area and section per zone, panels, the command palette. */
import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import { AREAS, findArea, findSection, type Area, type AreaId, type Section } from './navigation';
import { useZonesStore } from './zones';

export interface OpenRequest {
  zone: string;
  area: AreaId;
  section: string;
  id: string;
  /** A part of the item to open too (`runs`, `<run id>`), from a deep link. */
  detail?: [string, string];
}

interface Place {
  area: AreaId;
  section: string;
}

/** Where a zone opens until the person goes elsewhere in it: its home page. */
export const HOME: Place = { area: 'zone', section: 'home' };

export const useUiStore = defineStore('ui', () => {
  const zones = useZonesStore();
  /** Each zone remembers where you were in it, like editor tabs do. */
  const places = reactive<Record<string, Place>>({});
  const paletteOpen = ref(false);
  const settingsOpen = ref(false);
  const mailboxOpen = ref(false);
  /** The zone dialog; `section: 'reads'` opens an edit at "How Zonedeck reads this zone". */
  const zoneDialog = ref<{ mode: 'add' } | { mode: 'edit'; zoneId: string; section?: 'reads' } | null>(null);
  /** An item the palette asked a screen to open; that screen takes it once (useOpenRequest). */
  const opening = ref<OpenRequest | null>(null);

  const place = computed<Place>(() => places[zones.selectedId ?? ''] ?? HOME);
  const area = computed<Area>(() => findArea(place.value.area) ?? AREAS[0]!);
  const section = computed<Section>(() => findSection(area.value, place.value.section));

  function go(areaId: AreaId, sectionId?: string, zoneId?: string): void {
    if (zoneId) zones.select(zoneId);
    const id = zones.selectedId;
    if (!id) return;
    const a = findArea(areaId);
    if (!a) return;
    places[id] = { area: areaId, section: findSection(a, sectionId ?? '').id };
  }

  function openItem(req: OpenRequest): void {
    go(req.area, req.section, req.zone);
    opening.value = req;
  }

  return { place, area, section, paletteOpen, settingsOpen, mailboxOpen, zoneDialog, opening, go, openItem };
});
