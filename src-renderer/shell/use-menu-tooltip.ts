/**
 * A rail button's tooltip that steps aside while the button's context menu opens, and after a
 * click, so it never covers the menu's or the sidebar's first items (and never swallows the next
 * click there); it may show again once the pointer has left the button. The button binds
 * `v-on="trigger"`: right-click, Shift+F10 and the menu key open the menu.
 */
import { ref } from 'vue';

export function useMenuTooltip(onMenu: (e: MouseEvent | KeyboardEvent) => void) {
  const tip = ref(false);
  /** Set by a click or the menu; cleared when the pointer leaves the button. */
  const quiet = ref(false);
  function openMenu(e: MouseEvent | KeyboardEvent): void {
    e.preventDefault();
    quiet.value = true;
    tip.value = false;
    onMenu(e);
  }
  return {
    tip,
    /** Hides the tooltip until the pointer leaves (the button's click calls it). */
    quieten(): void {
      quiet.value = true;
      tip.value = false;
    },
    /** For the tooltip's update:show. */
    setTip(v: boolean): void {
      tip.value = v && !quiet.value;
    },
    trigger: {
      contextmenu: openMenu,
      keydown(e: KeyboardEvent): void {
        if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') openMenu(e);
      },
      mouseleave(): void {
        quiet.value = false;
      },
    },
  };
}
