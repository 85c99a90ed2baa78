/**
 * A list screen's whole list, as data for ListDetailScreen's `list`:
 *   const listed = useResourceList(view, () => ({ heading: 'Widgets', columns, emptyText: … }));
 *   <ListDetailScreen v-model:selected="selected" :open="!!row" :list="listed" … />
 * The polled resource gives what every list showed alike (rows, loading, refreshing, error, retry,
 * refresh, and `records` — the zone and dictionary kind read, so the list can say what its rows
 * lack); the screen describes the rest (heading, columns, words, handlers such as `onCreate`),
 * and what it describes wins.
 */
import { computed, type ComputedRef } from 'vue';
import type { ResourceView } from '../data';
import type { ListBinding } from '../components/list-props';

/** What a screen says of its list: all but what the resource gives (it may override that too). */
export type ListDescription<T> = Omit<ListBinding<T>, 'rows'> & Partial<Pick<ListBinding<T>, 'rows'>>;

export function useResourceList<T>(
  view: ResourceView<T[]>,
  describe: () => ListDescription<T>,
): ComputedRef<ListBinding<T>> {
  // Made once: a new function on each change would be a changed prop to the list.
  const again = (): void => void view.refresh();
  return computed(() => ({
    rows: view.state.data ?? [],
    loading: view.state.status === 'loading' || view.state.status === 'idle',
    refreshing: view.state.refreshing,
    error: view.state.error,
    onRetry: again,
    onRefresh: again,
    records: view.records,
    ...describe(),
  }));
}
