/** Whether the app shows its dark theme: the OS's choice unless the person picked one. */
import { computed, type ComputedRef } from 'vue';
import { useOsTheme } from 'naive-ui';
import { useAppStore } from '../state/app';

export function useDark(): ComputedRef<boolean> {
  const app = useAppStore();
  const os = useOsTheme();
  return computed(() => (app.theme === 'os' ? os.value === 'dark' : app.theme === 'dark'));
}
