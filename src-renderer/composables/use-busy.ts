/**
 * A local change a dialog or panel makes through the agent (a choice, a forget): one at a time,
 * busy while it runs, its failure kept as words beside it. Unlike data/use-action.ts it is no
 * zone's write, so a zone that is down does not refuse it and nothing is toasted.
 */
import { ref } from 'vue';

export function useBusy() {
  const busy = ref(false);
  const error = ref<string | null>(null);

  /** Runs `work` unless one is running; true when it succeeded (its failure is in `error`). */
  async function attempt(work: () => Promise<unknown>): Promise<boolean> {
    if (busy.value) return false;
    busy.value = true;
    error.value = null;
    try {
      await work();
      return true;
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
      return false;
    } finally {
      busy.value = false;
    }
  }

  return { busy, error, attempt };
}
