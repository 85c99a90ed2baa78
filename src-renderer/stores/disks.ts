/**
 * Disks the person used, per zone. The spec has no disk list route, so the Storage screen opens a
 * disk by id; this remembers the ids (and names learnt from restores) so the next time is a click.
 * Only ids and names are kept, in localStorage: nothing secret.
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';

export interface RecentDisk {
  id: string;
  label?: string;
  at: number;
}

const KEY = 'zonedeck.recentDisks';
const MAX = 12;

function read(): Record<string, RecentDisk[]> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, RecentDisk[]>) : {};
  } catch {
    return {};
  }
}

export const useDisksStore = defineStore('disks', () => {
  const recent = reactive<Record<string, RecentDisk[]>>(read());

  function of(zone: string): RecentDisk[] {
    return recent[zone] ?? [];
  }

  function remember(zone: string, id: string, label?: string): void {
    const old = of(zone).find((d) => d.id === id);
    const entry: RecentDisk = { id, at: Date.now(), ...(label ?? old?.label ? { label: label ?? old?.label } : {}) };
    recent[zone] = [entry, ...of(zone).filter((d) => d.id !== id)].slice(0, MAX);
    localStorage.setItem(KEY, JSON.stringify(recent));
  }

  function forget(zone: string, id: string): void {
    recent[zone] = of(zone).filter((d) => d.id !== id);
    localStorage.setItem(KEY, JSON.stringify(recent));
  }

  return { recent, of, remember, forget };
});
