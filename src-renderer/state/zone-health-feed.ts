/**
 * Zone health, kept live from the agent: the whole list on start and after a reconnect, then the
 * `zones.health` event's changes. The data layer holds it (data/zone-health.ts) so polling, the
 * stale banners and refused actions all read one copy.
 */
import { defineStore } from 'pinia';
import { agent } from '../agent';
import { forgetHealth, healthOf, noteHealth, useZoneHealth } from '../data/zone-health';
import type { ZoneNaming } from '../data/zone-naming';
import { useZonesStore } from './zones';
import { reportError } from '../data/report-error';

export const useZoneHealthStore = defineStore('zone-health', () => {
  const zones = useZonesStore();
  let started = false;
  /** Zones by their names, the shown one focused: what the app provides to the data layer. */
  const naming: ZoneNaming = {
    name: (id) => zones.byId.get(id)?.name ?? id,
    focused: () => zones.selectedId,
  };

  async function load(): Promise<void> {
    try {
      const all = await agent.invoke('zones.health', {});
      for (const z of zones.list) if (!all.some((h) => h.zone === z.id)) forgetHealth(z.id);
      noteHealth(all);
    } catch (e) {
      // Screens show no health rather than a wrong one; the log says why.
      reportError('zone-health', e, undefined, 'warn');
    }
  }

  function start(): void {
    if (started) return;
    started = true;
    agent.onEvent('zones.health', noteHealth);
    let prev = '';
    agent.onConnection((s) => {
      if (s === 'open' && prev === 'reconnecting') void load();
      prev = s;
    });
    void load();
  }

  /** A zone's health as useZoneHealth gives it, its name from the zones store (also outside a component). */
  const use = (zone?: () => string | null | undefined) => useZoneHealth(zone, naming);
  return { start, load, naming, of: healthOf, use };
});
