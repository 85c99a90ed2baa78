/** A tab's data: loading, error and value, optionally refreshed on an interval while mounted. */
import { onBeforeUnmount, ref, shallowRef } from 'vue';
import type { AgentErrorData } from '@contract/errors';
import { toErrorData } from '../../lib/errors';

export function useLoaded<T>(fetch: () => Promise<T>, everyMs?: number) {
  const data = shallowRef<T | null>(null);
  const error = ref<AgentErrorData | null>(null);
  const loading = ref(false);
  async function load(): Promise<void> {
    loading.value = true;
    try {
      data.value = await fetch();
      error.value = null;
    } catch (e) {
      error.value = toErrorData(e);
    } finally {
      loading.value = false;
    }
  }
  void load();
  const timer = everyMs ? setInterval(() => { if (!document.hidden) void load(); }, everyMs) : undefined;
  onBeforeUnmount(() => clearInterval(timer));
  return { data, error, loading, load };
}
