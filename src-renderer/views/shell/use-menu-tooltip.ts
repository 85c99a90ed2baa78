/**
 * A rail button's tooltip that steps aside while the button's context menu opens, so it never
 * covers the menu's first items; it may show again once the pointer has left the button. The
 * button binds `v-on="trigger"`: right-click, Shift+F10 and the menu key open the menu.
 */
import { ref } from 'vue';

export function useMenuTooltip(onMenu: (e: MouseEvent | KeyboardEvent) => void) {
  const tip = ref(false);
  const menuOpen = ref(false);
  function openMenu(e: MouseEvent | KeyboardEvent): void {
    e.preventDefault();
    menuOpen.value = true;
    tip.value = false;
    onMenu(e);
  }
  return {
    tip,
    /** For the tooltip's update:show. */
    setTip(v: boolean): void {
      tip.value = v && !menuOpen.value;
    },
    trigger: {
      contextmenu: openMenu,
      keydown(e: KeyboardEvent): void {
        if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') openMenu(e);
      },
      mouseleave(): void {
        menuOpen.value = false;
      },
    },
  };
}
