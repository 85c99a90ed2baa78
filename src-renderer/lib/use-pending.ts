/** One request at a time in a form: `busy` while it runs, `error` as readable data when it fails. */
import { ref } from 'vue';
import type { AgentErrorData } from '@contract/errors';
import { toErrorData } from './errors';

export function usePending() {
  const busy = ref(false);
  const error = ref<AgentErrorData | null>(null);

  /**
   * Runs `fn`, keeping its failure in `error` (through `explain`, which may reword a known code for
   * this form); true when it succeeded.
   */
  async function run(fn: () => Promise<unknown>, explain: (err: AgentErrorData) => AgentErrorData = (err) => err): Promise<boolean> {
    busy.value = true;
    error.value = null;
    try {
      await fn();
      return true;
    } catch (e) {
      error.value = explain(toErrorData(e));
      return false;
    } finally {
      busy.value = false;
    }
  }

  return { busy, error, run };
}
