/**
 * A screen watches a resource while it is mounted (and, for a pane, while it is shown): the
 * value, loading, error and staleness in one shape, re-keyed when its arguments change.
 */
import { getCurrentScope, onScopeDispose, shallowRef, watch } from 'vue';
import { resources } from './resources';
import { keyText } from './resource-key';
import { keyOf, pollInterval, type ResourceDef } from './resource-def';
import { blankState, type ResourceState } from './resource-state';
import { kindOfList, type RecordKind } from '@contract/dictionary/record-kinds';

export interface ResourceView<T> {
  /** Reactive; read it where it is used (`list.state.data`), don't destructure it once. */
  readonly state: ResourceState<T>;
  /** Reactive: how often (ms) it is read again while watched, for the value shown; null: it does not poll. */
  readonly every: number | null;
  /** Reads again now, with a refresh indicator over the data shown. */
  refresh(): Promise<void>;
  /**
   * Reactive: the zone and dictionary kind of the records a list reads (a list operation's
   * resource), so the list can say above itself what its rows could not be read by; else null.
   */
  readonly records: { zone: string; kind: RecordKind } | null;
}

export interface WatchOptions {
  /** While false the resource is not watched (a hidden pane): it keeps its data but does not poll. */
  active?: () => boolean;
}

const IDLE = blankState<never>();

/** `args` returning null means "nothing to watch yet" (no zone or no id chosen). */
export function useResource<T, A>(
  def: ResourceDef<T, A>,
  args: () => A | null | undefined,
  opts: WatchOptions = {},
): ResourceView<T> {
  const current = shallowRef<ResourceState<T> | null>(null);
  let stop: (() => void) | null = null;
  let argsNow: A | null = null;

  const key = () => {
    const a = args();
    if (a === null || a === undefined || opts.active?.() === false) return null;
    return keyText(keyOf(def, a));
  };
  watch(
    key,
    (k) => {
      stop?.();
      stop = null;
      const a = args();
      if (k === null || a === null || a === undefined) {
        // A paused pane keeps showing what it had.
        if (opts.active?.() !== false) current.value = null;
        return;
      }
      argsNow = a;
      current.value = resources.state(def, a);
      stop = resources.watch(def, a);
    },
    { immediate: true },
  );

  if (getCurrentScope()) onScopeDispose(() => stop?.());

  return {
    get state() {
      return current.value ?? (IDLE as ResourceState<T>);
    },
    get every() {
      return pollInterval(def, (current.value ?? IDLE).data as T | undefined);
    },
    refresh: () => (argsNow === null ? Promise.resolve() : resources.refresh(def, argsNow)),
    get records() {
      const a = args();
      const kind = kindOfList(def.name);
      return kind && a !== null && a !== undefined ? { zone: def.zone(a), kind } : null;
    },
  };
}
