/**
 * The rows a ResourceList shows: sorted once per data or sort change on keys precomputed per row
 * (lib/list-index), filtered per keystroke along one lowercase haystack (lib/row-filter) built
 * while the browser is idle, and the count ("3 of 12").
 */
import { computed, onBeforeUnmount, shallowRef, watch } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import { sortRowsOnce } from '../lib/list-index';
import { filterTerms, rowFilter } from '../lib/row-filter';
import { defaultSort, tableColumns } from './table-columns';

const IDLE_SLICE_MS = 6;

export interface ListRowsInput<T> {
  rows: () => T[];
  columns: () => DataTableColumns<T>;
  /** The list's name: part of the sort cache's key, so two lists of the same rows sort apart. */
  label: () => string;
  filterText: () => ((row: T) => string) | undefined;
  filter: () => string;
}

export function useListRows<T extends object>(o: ListRowsInput<T>) {
  const cols = computed(() => tableColumns(o.columns()));
  /** The column and order rows are sorted by; starts at the column with `defaultSortOrder`. */
  const sortBy = shallowRef(defaultSort(cols.value));
  const sorted = computed(() => {
    const by = sortBy.value;
    const col = by && cols.value.find((c) => c.key === by.key);
    return by && col?.sorter
      ? sortRowsOnce(o.rows(), `${o.label()}\n${by.key}\n${by.order}`, col.sorter, by.order)
      : o.rows();
  });

  // One filter per list: its cache holds each row's lowercase text until the row object is gone.
  const rowsMatching = rowFilter<T>((r) => o.filterText()?.(r) ?? '');
  const shown = computed(
    () => (o.filterText() ? rowsMatching.filter(sorted.value, filterTerms(o.filter())) : sorted.value) as T[],
  );

  // The first keystroke should not pay for 100,000 row texts and their haystack: they are built while
  // the browser is idle, a few ms at a time (an idle period may offer 50 ms: one task that long would
  // hold up a key pressed meanwhile).
  let idle = 0;
  watch(
    sorted,
    (rows) => {
      cancelIdleCallback(idle);
      if (!o.filterText()) return;
      const step = rowsMatching.prepare(rows);
      const slice = (d: IdleDeadline): void => {
        const until = performance.now() + IDLE_SLICE_MS;
        let done = false;
        while (!done && d.timeRemaining() > 1 && performance.now() < until) done = step();
        if (!done) idle = requestIdleCallback(slice);
      };
      idle = requestIdleCallback(slice);
    },
    { immediate: true },
  );
  onBeforeUnmount(() => cancelIdleCallback(idle));

  const n = (x: number) => x.toLocaleString();
  const countText = computed(() =>
    o.filter().trim() ? `${n(shown.value.length)} of ${n(o.rows().length)}` : n(o.rows().length),
  );
  return { cols, sortBy, shown, countText };
}
