/**
 * What a list of one kind in one zone could not read its rows by (data/zone-dictionary's
 * `readGapOf`, filled by the list's own read), or null while its rows read: the notice above the
 * list shows while it is set, and goes by itself once a choice makes the rows readable.
 */
import { computed, type ComputedRef } from 'vue';
import type { RecordKind } from '@contract/dictionary/record-kinds';
import { readGapOf, type ReadGap } from '../data';

export function useReadGap(
  zone: () => string | null | undefined,
  kind: () => RecordKind | null | undefined,
): ComputedRef<ReadGap | null> {
  return computed(() => {
    const z = zone();
    const k = kind();
    return z && k ? (readGapOf(z, k) ?? null) : null;
  });
}
