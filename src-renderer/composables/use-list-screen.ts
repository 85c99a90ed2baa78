/**
 * What every list screen with a details pane repeats: the selected row's key and the row itself,
 * palette and link requests that select a row, the breadcrumb's item, the shared `now` clock, and
 * a destructive action as confirm → run → deselect. A screen keeps only its columns, its store
 * calls and its template (ListDetailScreen.vue lays the list and details out).
 */
import { computed, ref, watch } from 'vue';
import { useConfirmDanger, type DangerAsk } from '../components/confirm-danger';
import { useNow } from './use-now';
import { useOpenRequest } from './use-open-request';
import { usePaneDetail } from './use-pane';

/** What a list screen's rows have: a key, and mostly a name. */
export interface ListRow {
  key: string;
  name?: string | null;
}

interface RowWords<T> {
  key: (row: T) => string;
  /** The breadcrumb's last part while a row is open. */
  name: (row: T) => string | null | undefined;
}

/** `key` and `name` may be left out for rows that have their own `key` and `name`. */
export type ListScreenOptions<T> = ([T] extends [ListRow] ? Partial<RowWords<T>> : RowWords<T>) & {
  /** The zone's id; requests are taken only for it. */
  zone: () => string;
  rows: () => readonly T[] | null | undefined;
  /** The place palette and link requests name to select a row here; omit when none are sent. */
  opens?: { area: string; section: string };
  /** Drop the selection when the zone under the screen changes (a screen that is kept alive). */
  clearOnZoneChange?: boolean;
};

export function useListScreen<T>(o: ListScreenOptions<T>) {
  // Left out only where T is a ListRow (the options' type says so).
  const keyOf = o.key ?? ((r: T) => (r as ListRow).key);
  const nameOf = o.name ?? ((r: T) => (r as ListRow).name);
  const selected = ref<string | null>(null);
  const row = computed<T | null>(() =>
    // Nothing selected: no pass over 100,000 rows on each list change.
    selected.value === null ? null : (o.rows()?.find((r) => keyOf(r) === selected.value) ?? null),
  );
  const now = useNow();
  const { confirm } = useConfirmDanger();

  const select = (key: string | null): void => {
    selected.value = key;
  };
  if (o.opens) useOpenRequest(o.zone, o.opens.area, o.opens.section, select);
  if (o.clearOnZoneChange) watch(o.zone, () => select(null));
  usePaneDetail(() => (row.value ? nameOf(row.value) : null));

  /**
   * Asks, then runs `work` (a store call through useAction's `run`, which toasts). When `removes`
   * names a row and the work succeeded, that row is deselected if it still is selected. True when
   * confirmed and done.
   */
  async function confirmRun(ask: DangerAsk, work: () => Promise<boolean>, removes?: T): Promise<boolean> {
    if (!(await confirm(ask))) return false;
    const ok = await work();
    if (ok && removes !== undefined && selected.value === keyOf(removes)) select(null);
    return ok;
  }

  return { selected, row, now, select, confirmRun };
}
