/** Containers per zone: the compute store's containers list, kept under its old name for the shell. */
import { defineStore } from 'pinia';
import { useComputeStore, type ZoneList } from './compute';

export type { ZoneList };

export const useContainersStore = defineStore('containers', () => {
  const compute = useComputeStore();
  const of = (zone: string): ZoneList => compute.of('containers', zone);
  const load = (zone: string): Promise<void> => compute.load('containers', zone);
  /** Forget a zone's compute lists (signed out or removed). */
  const drop = (zone: string): void => compute.drop(zone);
  return { of, load, drop };
});
