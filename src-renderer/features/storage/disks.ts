/**
 * Disks the person can open, per zone. The spec has no disk list route, so the Storage screen opens
 * a disk by id: this remembers the ids used (and names learnt from restores) so the next time is a
 * click — only ids and names, in localStorage, nothing secret — and reads the disks attached to the
 * zone's containers and microVMs, the only ones the API reveals.
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { agent } from '../../agent';
import { defineResource, resources, useResource, type ResourceView } from '../../data';
import { isRecord, listOf, nameOf } from '../../lib/tolerant';
import { onZoneReset } from '../../data/zone-gate';

export interface AttachedDisk {
  id: string;
  /** The instance it is attached to. */
  on: string;
}

const attachedResource = defineResource<AttachedDisk[], string>({
  name: 'disks.attached',
  zone: (zone) => zone,
  async fetch(zone, { signal }) {
    const found: AttachedDisk[] = [];
    for (const area of ['containers', 'microvms'] as const) {
      const items = listOf(await agent.call(zone, `${area}.list`, { signal }).catch(() => []));
      for (const inst of items) {
        for (const d of Array.isArray(inst.disks) ? inst.disks : []) {
          const id = typeof d === 'string' ? d : isRecord(d) && typeof d.id === 'string' ? d.id : undefined;
          if (id) found.push({ id, on: nameOf(inst) ?? '?' });
        }
      }
    }
    return found;
  },
});

export function useAttachedDisks(zone: () => string | null): ResourceView<AttachedDisk[]> {
  return useResource(attachedResource, zone);
}

/** A disk moved or a VM changed: the attached disks are read again. */
export function attachedDisksChanged(zone: string): void {
  resources.invalidate({ zone, name: attachedResource.name });
}

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
    const entry: RecentDisk = { id, at: Date.now(), ...((label ?? old?.label) ? { label: label ?? old?.label } : {}) };
    recent[zone] = [entry, ...of(zone).filter((d) => d.id !== id)].slice(0, MAX);
    localStorage.setItem(KEY, JSON.stringify(recent));
  }

  // The disks one person looked at are theirs: forgotten when they sign out or someone else signs in.
  onZoneReset((zone) => {
    if (!(zone in recent)) return;
    delete recent[zone];
    localStorage.setItem(KEY, JSON.stringify(recent));
  });

  function forget(zone: string, id: string): void {
    recent[zone] = of(zone).filter((d) => d.id !== id);
    localStorage.setItem(KEY, JSON.stringify(recent));
  }

  return { recent, of, remember, forget };
});
