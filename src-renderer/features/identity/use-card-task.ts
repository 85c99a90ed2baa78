/**
 * A settings card's task with its toast: its own words when it worked, `Could not <what>: <why>`
 * when it did not, and `busy` while it runs — the wording the identity cards have always used,
 * in one place rather than a try/catch in each card.
 */
import { ref } from 'vue';
import { useMessage } from 'naive-ui';

export function useCardTask() {
  const message = useMessage();
  const busy = ref(false);

  /** Runs `work` (which returns the success words); true when it worked. */
  async function run(what: string, work: () => Promise<string>): Promise<boolean> {
    busy.value = true;
    try {
      message.success(await work());
      return true;
    } catch (e) {
      message.error(`Could not ${what}: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    } finally {
      busy.value = false;
    }
  }

  return { busy, run };
}
