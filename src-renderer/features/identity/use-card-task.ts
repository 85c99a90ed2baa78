/**
 * A settings card's task with its toast: its own words when it worked, `Could not <what>: <why>`
 * when it did not, and `busy` while it runs — the wording the identity cards have always used.
 * It runs through the app's action runner (useAction), so a change declined at the protected-zone
 * prompt says nothing and a zone that is down refuses it in words, as every other action does.
 */
import { computed } from 'vue';
import { useMessage } from '../../composables/feedback';
import { useAction } from '../../data';

export function useCardTask() {
  const message = useMessage();
  const action = useAction();
  const busy = computed(() => action.busy.value !== '');

  /** Runs `work` (which returns the success words); true when it worked. */
  async function run(what: string, work: () => Promise<string>): Promise<boolean> {
    let done = '';
    const ok = await action.run(what, async () => {
      done = await work();
    });
    if (ok) message.success(done);
    else if (action.error.value) message.error(`Could not ${what}: ${action.error.value.message}`);
    return ok;
  }

  return { busy, run };
}
