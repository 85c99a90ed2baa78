/**
 * What the palette needs of a modal, without Naive UI's (issue #28: its first show mounted a
 * scrollbar that measured the page, a focus trap and a teleport, on the Ctrl+K a person presses
 * first). While it is open: Escape closes it, focus that goes to the page behind comes back to its
 * input, and on closing focus returns where it was, unless what was run put it somewhere else.
 */
import { nextTick, onBeforeUnmount, watch, type Ref } from 'vue';
import { useUiStore } from '../state/ui';

/** What can open over the palette: another dialog, or a Naive UI popover or menu. */
const OVER = '[role="dialog"], [role="alertdialog"], .v-binder-follower-container';

export function usePaletteOverlay(dialog: Ref<HTMLElement | null>, input: Ref<HTMLInputElement | null>): void {
  const ui = useUiStore();
  const open = () => ui.paletteOpen;
  const close = () => (ui.paletteOpen = false);
  let before: Element | null = null;
  // A dialog opened over the palette (the protected-zone prompt) keeps its focus and its Escape.
  const over = (t: EventTarget | null) =>
    t instanceof Element && !dialog.value?.contains(t) && t.closest(OVER) !== null;
  // The Escape that closes the palette is spent: marked handled, so a details pane behind (PaneHead
  // listens on window, after this document listener) does not close too.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented || over(e.target)) return;
    e.preventDefault();
    close();
  };
  const keepFocus = (e: FocusEvent) => {
    if (dialog.value && e.target instanceof Node && !dialog.value.contains(e.target) && !over(e.target))
      input.value?.focus();
  };
  const stop = () => {
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('focusin', keepFocus);
  };
  watch(
    open,
    (isOpen) => {
      if (isOpen) {
        before = document.activeElement;
        document.addEventListener('keydown', onKey);
        document.addEventListener('focusin', keepFocus);
        return;
      }
      stop();
      const back = before;
      before = null;
      // After the dialog is gone, so focus left on it has fallen to the body.
      void nextTick(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && back instanceof HTMLElement && back.isConnected) back.focus();
      });
    },
    { immediate: true },
  );
  onBeforeUnmount(stop);
}
