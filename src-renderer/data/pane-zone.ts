/**
 * The zone of the pane a component sits in. Zone-aware parts (stale banners, disabled actions,
 * refusals) default to it rather than to the focused pane's zone, so in a split each pane shows
 * its own zone's health: a down zone's pane is marked stale whichever pane has focus, and the
 * healthy pane beside it keeps its actions.
 */
import { inject, provide, type InjectionKey } from 'vue';

const PANE_ZONE: InjectionKey<() => string | null> = Symbol('pane-zone');

/** Called by a pane (and the all-zones screen, with null) for everything inside it. */
export function providePaneZone(zone: () => string | null): void {
  provide(PANE_ZONE, zone);
}

/** The surrounding pane's zone getter; null outside any pane (then the focused zone applies). */
export function injectPaneZone(): (() => string | null) | null {
  return inject(PANE_ZONE, null);
}
