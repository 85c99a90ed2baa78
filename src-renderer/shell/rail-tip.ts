/**
 * The rail's one tooltip (#39): each rail button used to wrap itself in Naive's tooltip, ~10 ms of
 * the shell's first render per zone and Naive's popover code in the first download. Now a button
 * says what its tip holds; ZoneRail provides the tip and draws shell/RailTip.vue (loaded on the
 * first hover) beside whichever button the pointer rests on.
 */
import { inject, provide, ref, shallowRef, type InjectionKey } from 'vue';

export interface RailTipLine {
  text: string;
  tone?: 'bad' | 'muted';
}

/** What a tip says: a bold title, the rest of its first line, then lines. */
export interface RailTipContent {
  title: string;
  after?: string;
  lines: RailTipLine[];
}

interface Shown {
  el: HTMLElement;
  /** Read while shown, so the tip follows the zone (health, session) as it changes. */
  content: () => RailTipContent;
}

/** As Naive's tooltip had it: a tip shows once the pointer has rested 400 ms. */
const DELAY_MS = 400;

export function createRailTip() {
  const shown = shallowRef<Shown | null>(null);
  /** Set on the first hover: RailTip's code loads then, never for the first screen. */
  const wanted = ref(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** A button clicked or whose menu opened: no tip there until the pointer leaves it. */
  let quiet: HTMLElement | null = null;
  const hide = (el: HTMLElement) => {
    clearTimeout(timer);
    if (shown.value?.el === el) shown.value = null;
  };
  return {
    shown,
    wanted,
    enter(el: HTMLElement, content: () => RailTipContent): void {
      if (quiet === el) return;
      wanted.value = true;
      clearTimeout(timer);
      timer = setTimeout(() => (shown.value = { el, content }), DELAY_MS);
    },
    leave(el: HTMLElement): void {
      if (quiet === el) quiet = null;
      hide(el);
    },
    quieten(el: HTMLElement): void {
      quiet = el;
      hide(el);
    },
  };
}

export type RailTip = ReturnType<typeof createRailTip>;

const KEY: InjectionKey<RailTip> = Symbol('rail-tip');

export function provideRailTip(): RailTip {
  const tip = createRailTip();
  provide(KEY, tip);
  return tip;
}

/** The rail's tip; a button drawn outside a rail (a component test) gets one of its own. */
export const useRailTip = (): RailTip => inject(KEY, null) ?? createRailTip();
