/**
 * A request to compare or copy a record across zones. Any screen asks (the buttons of
 * components/AcrossZones.vue); the compare feature answers with its dialogs, mounted by the shell.
 * So the features that show a record need not import compare, and compare may read them.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';

/** The kinds compared across zones; a copy takes the first three and config vars. */
export type CompareKind = 'workflow' | 'skill' | 'container' | 'microvm' | 'cluster' | 'limits';

export interface AcrossZonesRequest {
  mode: 'compare' | 'copy';
  kind: CompareKind;
  zone: { id: string; name: string };
  name: string;
  /** The record's id in its zone: a copy starts from it. */
  recordId?: string;
  description?: string;
}

export const useAcrossZonesStore = defineStore('acrossZones', () => {
  /** The dialog asked for, until it closes. */
  const request = ref<AcrossZonesRequest | null>(null);
  return { request };
});
