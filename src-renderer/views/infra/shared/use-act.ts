/** Runs one action at a time per pane: `busy` names it, success and failure are said in words. */
import { ref } from 'vue';
import { useMessage } from 'naive-ui';
import { smallPrint, toErrorData } from '../../../lib/errors';

export function useAct() {
  const message = useMessage();
  const busy = ref('');

  async function act(which: string, work: () => Promise<unknown>, done?: string | (() => string)): Promise<boolean> {
    busy.value = which;
    try {
      await work();
      if (done) message.success(typeof done === 'function' ? done() : done);
      return true;
    } catch (e) {
      const err = toErrorData(e);
      message.error(`${err.message} (${smallPrint(err)})`, { duration: 8000 });
      return false;
    } finally {
      busy.value = '';
    }
  }

  return { busy, act };
}
