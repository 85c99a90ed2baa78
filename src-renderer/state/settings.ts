/**
 * The app's settings (settings.get/update, kept by the agent in the data folder) and what they
 * drive here: the theme (app store) and the long lists' refresh (lib/list-poll-every). The theme
 * also stays in localStorage (app store) so the first paint is right before the agent answers.
 */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { agent } from '../agent';
import { reportError } from '../data/report-error';
import { setListRefreshSeconds } from '../lib/list-poll-every';
import { type AppSettings, DEFAULT_SETTINGS, type ThemeSetting } from '@contract/settings';
import { useAppStore } from './app';

export const useSettingsStore = defineStore('settings', () => {
  const app = useAppStore();
  const value = ref<AppSettings>({ ...DEFAULT_SETTINGS });
  const loaded = ref(false);

  function apply(s: AppSettings): void {
    value.value = s;
    setListRefreshSeconds(s.listRefreshSeconds);
    if (app.theme !== s.theme) app.setTheme(s.theme);
  }

  async function load(): Promise<void> {
    try {
      apply(await agent.invoke('settings.get', {}));
      loaded.value = true;
    } catch (e) {
      // The defaults stay in force; the screen says it could not read them when opened.
      reportError('settings', e, { step: 'load' }, 'warn');
    }
  }

  /** Saves the fields given; throws the agent's refusal (invalid_input names the field). */
  async function update(patch: Partial<AppSettings>): Promise<void> {
    apply(await agent.invoke('settings.update', patch));
    loaded.value = true;
  }

  /** The palette's theme commands: at once here, saved behind. */
  function setTheme(t: ThemeSetting): void {
    app.setTheme(t);
    update({ theme: t }).catch((e: unknown) => reportError('settings', e, { step: 'theme' }, 'warn'));
  }

  return { value, loaded, load, update, setTheme };
});
