/** Saving one setting at a time from the screen: which one is saving, and each one's refusal in words. */
import { reactive } from 'vue';
import { useSettingsStore } from '../../state/settings';
import type { AppSettings } from '@contract/settings';
import { fieldError } from './field-error';

export function useSettingsForm() {
  const store = useSettingsStore();
  const errors = reactive<Partial<Record<keyof AppSettings, string>>>({});
  const saving = reactive<Partial<Record<keyof AppSettings, boolean>>>({});

  async function save<K extends keyof AppSettings>(key: K, value: AppSettings[K]): Promise<void> {
    saving[key] = true;
    try {
      await store.update({ [key]: value } as Partial<AppSettings>);
      delete errors[key];
    } catch (e) {
      errors[key] = fieldError(e, key);
    } finally {
      saving[key] = false;
    }
  }

  return { store, errors, saving, save };
}
