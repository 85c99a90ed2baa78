/**
 * What a screen knows of the pane it is in: its id, section and whether it has focus. A screen
 * names its open item through `usePaneDetail`, so the breadcrumb shows the focused pane's item and
 * a screen in another pane never overwrites it.
 */
import { computed, inject, onBeforeUnmount, provide, watch, type ComputedRef, type InjectionKey } from 'vue';
import { usePanesStore } from '../state/panes';

export interface PaneContext {
  id: string;
  section: ComputedRef<string>;
  focused: ComputedRef<boolean>;
}

const PANE: InjectionKey<PaneContext> = Symbol('pane');

export function providePane(ctx: PaneContext): void {
  provide(PANE, ctx);
}

/** The pane around the calling component; outside any (a test mount), the focused one. */
export function usePane(): PaneContext {
  const ctx = inject(PANE, null);
  if (ctx) return ctx;
  const panes = usePanesStore();
  const pane = computed(() => panes.list.find((p) => p.id === panes.focusedId));
  return { id: panes.focusedId, section: computed(() => pane.value?.section ?? ''), focused: computed(() => true) };
}

/** Shows `name()` as the last part of the breadcrumb while this pane has focus; cleared on unmount. */
export function usePaneDetail(name: () => string | null | undefined): void {
  const panes = usePanesStore();
  const { id } = usePane();
  watch(name, (n) => panes.setDetail(id, n ?? null), { immediate: true });
  onBeforeUnmount(() => panes.setDetail(id, null));
}
