/**
 * A rail button's tooltip that steps aside while the button's context menu opens, so it never
 * covers the menu's first items; it may show again once the pointer has left the button.
 */
import { ref } from 'vue';

export function useMenuTooltip(onMenu: (e: MouseEvent | KeyboardEvent) => void) {
  const tip = ref(false);
  const menuOpen = ref(false);
  return {
    tip,
    openMenu(e: MouseEvent | KeyboardEvent): void {
      menuOpen.value = true;
      tip.value = false;
      onMenu(e);
    },
    /** For the tooltip's update:show. */
    setTip(v: boolean): void {
      tip.value = v && !menuOpen.value;
    },
    pointerLeft(): void {
      menuOpen.value = false;
    },
  };
}
