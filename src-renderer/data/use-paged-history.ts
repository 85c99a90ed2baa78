/**
 * A history read newest first: the newest page is a polled resource (so what another client adds
 * shows on top), older pages come by cursor as the person asks (lib/cursor-pager.ts). Runs of a
 * workflow and chats of a workspace are both this; each store gives its head resource and pager.
 */
import { shallowRef, watch } from 'vue';
import type { AgentErrorData } from '@contract/errors';
import type { CursorPager } from '../lib/cursor-pager';
import { toErrorData } from '../lib/errors';
import { readValues } from '../lib/read-values';
import type { ResourceDef } from './resource-def';
import { useResource, type ResourceView } from './use-resource';

export interface PagedHistory<T> {
  readonly rows: T[];
  readonly loading: boolean;
  readonly done: boolean;
  readonly error: AgentErrorData | null;
  readonly first: ResourceView<unknown>;
  /** Loads the next older page (no-op while one loads or at the end). */
  more(): Promise<void>;
}

export function usePagedHistory<T, R extends { zone: string; id: string }>(
  ref: () => R | null,
  head: ResourceDef<unknown, R>,
  pagerFor: (ref: R) => CursorPager<T>,
): PagedHistory<T> {
  const rows = shallowRef<T[]>([]);
  const loading = shallowRef(false);
  const done = shallowRef(false);
  const error = shallowRef<AgentErrorData | null>(null);
  let pager: CursorPager<T> | null = null;
  const first = useResource(head, ref);
  const publish = () => {
    rows.value = pager ? pager.items : [];
    done.value = pager?.done ?? false;
  };
  watch(
    () => {
      const r = ref();
      return r ? `${r.zone}/${r.id}` : '';
    },
    () => {
      const r = ref();
      pager = r ? pagerFor(r) : null;
      error.value = null;
      if (pager && first.state.data !== undefined) pager.mergeHead(first.state.data);
      publish();
    },
    { immediate: true },
  );
  watch(
    () => first.state.data,
    (data) => {
      if (data === undefined || !pager) return;
      if (pager.mergeHead(data) || done.value !== pager.done) publish();
    },
  );

  async function more(): Promise<void> {
    const p = pager;
    if (!p || loading.value || p.done || p.items.length === 0) return;
    loading.value = true;
    try {
      await p.more();
      error.value = null;
    } catch (e) {
      error.value = toErrorData(e);
    } finally {
      loading.value = false;
      if (p === pager) publish();
    }
  }

  // Assigned onto the getters, not spread: spreading would read each value once and freeze it.
  return Object.assign(readValues({ rows, loading, done, error }), { first, more });
}
