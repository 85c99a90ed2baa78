/**
 * A menu that opens beside the button that asked for it, with Naive's dropdown loaded only then
 * (#39: the shell's frame draws its first screen without Naive's popover code; the dropdowns of
 * the rail and the header were ~15 KiB of the first download and most of their frame's render).
 * The button calls `toggle(e)`; components/AnchoredMenu.vue draws the menu at `at` while open.
 */
import { defineAsyncComponent, shallowRef } from 'vue';

export type MenuPlacement = 'right-start' | 'bottom-end' | 'bottom-start';

export interface MenuAnchor {
  x: number;
  y: number;
  placement: MenuPlacement;
  /** The element that opened it: a click there toggles, never counts as outside. */
  el: HTMLElement | null;
}

export const AnchoredMenu = defineAsyncComponent(() => import('./AnchoredMenu.vue'));

/** Where a menu placed `placement` of the element, or of the pointer for a right-click, opens. */
export function anchorOf(e: MouseEvent | KeyboardEvent, placement: MenuPlacement, atPointer = false): MenuAnchor {
  const el = e.currentTarget instanceof HTMLElement ? e.currentTarget : null;
  if (atPointer && e instanceof MouseEvent && e.clientX > 0) return { x: e.clientX, y: e.clientY, placement, el };
  const r = el?.getBoundingClientRect() ?? { right: 0, top: 0, bottom: 0 };
  return { x: r.right, y: placement === 'bottom-end' ? r.bottom : r.top, placement, el };
}

export function useAnchoredMenu(placement: MenuPlacement) {
  /** Where the menu is open, or null: the menu (and so its code) is drawn only while it is. */
  const at = shallowRef<MenuAnchor | null>(null);
  return {
    at,
    toggle(e: MouseEvent | KeyboardEvent): void {
      at.value = at.value ? null : anchorOf(e, placement);
    },
    close(): void {
      at.value = null;
    },
  };
}
