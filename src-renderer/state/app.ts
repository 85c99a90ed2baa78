/** App-wide state: what the agent says about itself, the keychain, the theme, the connection. */
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { agent, type ConnectionState } from '../agent';
import type { AppInfo, KeychainStatus } from '@contract/commands';

export type ThemePref = 'os' | 'light' | 'dark';
const THEME_KEY = 'zonedeck.theme';

export const useAppStore = defineStore('app', () => {
  const info = ref<AppInfo | null>(null);
  const keychain = ref<KeychainStatus>({ state: 'checking' });
  const connection = ref<ConnectionState>('connecting');
  const loadError = ref<string | null>(null);
  const theme = ref<ThemePref>(readTheme());
  /** Dismissed for this session only: the condition still holds, so it comes back next launch. */
  const keychainBannerDismissed = ref(false);

  const isMac = computed(
    () =>
      (info.value?.platform ?? navigator.platform).toLowerCase().startsWith('mac') ||
      (info.value?.platform ?? '') === 'darwin',
  );
  const showKeychainBanner = computed(() => keychain.value.state === 'unavailable' && !keychainBannerDismissed.value);

  async function load(): Promise<void> {
    try {
      info.value = await agent.invoke('app.info', {});
      keychain.value = info.value.keychain;
      loadError.value = null;
    } catch (e) {
      loadError.value = e instanceof Error ? e.message : String(e);
    }
  }

  function setTheme(t: ThemePref): void {
    theme.value = t;
    localStorage.setItem(THEME_KEY, t);
  }

  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    agent.onEvent('keychain.changed', (k) => (keychain.value = k));
    agent.onConnection((s) => {
      const wasDown = connection.value === 'reconnecting';
      connection.value = s;
      if (s === 'open' && wasDown) void load();
    });
    void load();
  }

  /** Opens the agent's log folder in the file manager where it can; always says where it is. */
  function openLogFolder() {
    return agent.invoke('app.openLogFolder', {});
  }

  return {
    openLogFolder,
    info,
    keychain,
    connection,
    loadError,
    theme,
    keychainBannerDismissed,
    isMac,
    showKeychainBanner,
    load,
    setTheme,
    start,
  };
});

function readTheme(): ThemePref {
  const t = typeof localStorage === 'undefined' ? null : localStorage.getItem(THEME_KEY);
  return t === 'light' || t === 'dark' ? t : 'os';
}
