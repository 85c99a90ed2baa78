/**
 * ResourceList's props and events for a polled list resource, bound in one go:
 *   <ResourceList v-bind="bound" heading="…" … />
 * Every list screen spelled out the same six bindings (rows, loading, refreshing, error, retry,
 * refresh); a screen that reads them otherwise binds its own after `v-bind`, which then wins.
 * `records` (the zone and dictionary kind read) lets the list say above itself what its rows lack.
 */
import { computed, type ComputedRef } from 'vue';
import type { AgentErrorData } from '@contract/errors';
import type { ResourceView } from '../data';
import type { RecordKind } from '@contract/dictionary/record-kinds';

export interface ResourceListBinding<T> {
  rows: T[];
  loading: boolean;
  refreshing: boolean;
  error: AgentErrorData | null;
  onRetry: () => void;
  onRefresh: () => void;
  records: { zone: string; kind: RecordKind } | null;
}

export function useResourceList<T>(view: ResourceView<T[]>): ComputedRef<ResourceListBinding<T>> {
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
  }));
}
