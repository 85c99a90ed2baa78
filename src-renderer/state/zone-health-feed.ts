/**
 * Zone health, kept live from the agent: the whole list on start and after a reconnect, then the
 * `zones.health` event's changes. The data layer holds it (data/zone-health.ts) so polling, the
 * stale banners and refused actions all read one copy.
 */
import { defineStore } from 'pinia';
import { agent } from '../agent';
import { forgetHealth, healthOf, noteHealth, setZoneNaming, useZoneHealth } from '../data/zone-health';
import { useZonesStore } from './zones';
import { reportError } from '../data/report-error';

export const useZoneHealthStore = defineStore('zone-health', () => {
  const zones = useZonesStore();
  let started = false;

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
    setZoneNaming(
      (id) => zones.byId.get(id)?.name ?? id,
      () => zones.selectedId,
    );
    agent.onEvent('zones.health', noteHealth);
    let prev = '';
    agent.onConnection((s) => {
      if (s === 'open' && prev === 'reconnecting') void load();
      prev = s;
    });
    void load();
  }

  return { start, load, of: healthOf, use: useZoneHealth };
});
