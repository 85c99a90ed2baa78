/**
 * A rail button's tooltip (the rail's one tip, shell/rail-tip.ts) that steps aside while the
 * button's context menu opens, and after a click, so it never covers the menu's or the sidebar's
 * first items (and never swallows the next click there); it may show again once the pointer has
 * left the button. The button binds `v-on="trigger"`: hovering shows `content` after the tip's
 * delay; right-click, Shift+F10 and the menu key open the menu.
 */
import { onBeforeUnmount } from 'vue';
import type { RailTipContent } from './rail-tip';
import { useRailTip } from './rail-tip';

export function useMenuTooltip(content: () => RailTipContent, onMenu: (e: MouseEvent | KeyboardEvent) => void) {
  const tip = useRailTip();
  /** The button, once hovered: a zone removed (or a group folded) under the pointer takes its tip along. */
  let button: HTMLElement | null = null;
  const el = (e: Event) => (button = e.currentTarget as HTMLElement);
  onBeforeUnmount(() => button && tip.leave(button));
  function openMenu(e: MouseEvent | KeyboardEvent): void {
    e.preventDefault();
    tip.quieten(el(e));
    onMenu(e);
  }
  return {
    /** Hides the tooltip until the pointer leaves (the button's click calls it). */
    quieten(e: Event): void {
      tip.quieten(el(e));
    },
    trigger: {
      contextmenu: openMenu,
      keydown(e: KeyboardEvent): void {
        if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') openMenu(e);
      },
      mouseenter(e: MouseEvent): void {
        tip.enter(el(e), content);
      },
      mouseleave(e: MouseEvent): void {
        tip.leave(el(e));
      },
    },
  };
}
