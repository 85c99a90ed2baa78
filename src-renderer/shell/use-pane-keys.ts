/**
 * Keys for split panes, as in editors: Ctrl/Cmd+\ splits right, Ctrl/Cmd+Shift+\ splits down,
 * Ctrl/Cmd+1…4 focuses that pane, F6 and Shift+F6 move to the next or previous one. Keys typed
 * into a console are the console's (Ctrl+\ is a terminal's quit signal).
 */
import { nextTick, onBeforeUnmount, onMounted } from 'vue';
import { useMessage } from '../composables/feedback';
import { MAX_PANES } from '../lib/pane-layout';
import { usePanesStore } from '../state/panes';

/** Moves keyboard focus into the focused pane, so the next Tab lands there. */
export async function focusPaneElement(id: string): Promise<void> {
  await nextTick();
  document.getElementById(`pane-${id}`)?.focus();
}

export function usePaneKeys(): void {
  const panes = usePanesStore();
  const message = useMessage();

  function split(dir: 'row' | 'column'): void {
    const id = panes.open(dir);
    if (id) void focusPaneElement(id);
    else message.warning(`At most ${MAX_PANES} panes: close one first.`);
  }

  function onKey(e: KeyboardEvent): void {
    if (e.target instanceof Element && e.target.closest('.xterm')) return;
    const mod = (e.ctrlKey || e.metaKey) && !e.altKey;
    if (mod && e.code === 'Backslash') {
      e.preventDefault();
      split(e.shiftKey ? 'column' : 'row');
    } else if (mod && !e.shiftKey && /^Digit[1-4]$/.test(e.code) && panes.split) {
      e.preventDefault();
      panes.focusNth(Number(e.code.slice(5)) - 1);
      void focusPaneElement(panes.focusedId);
    } else if (e.key === 'F6' && !e.ctrlKey && !e.metaKey && !e.altKey && panes.split) {
      e.preventDefault();
      panes.focusNext(e.shiftKey ? -1 : 1);
      void focusPaneElement(panes.focusedId);
    }
  }

  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}
