/**
 * The Electron host's settings (close to tray, the global shortcut) through desktop.*; offered
 * only where the host has them (agent.desktop), never in browser mode.
 */
import { ref } from 'vue';
import { agent } from '../../agent';
import type { DesktopSettings, DesktopSettingsView } from '@contract/desktop';

export function useDesktopSettings() {
  const available = agent.desktop !== undefined;
  const view = ref<DesktopSettingsView | null>(null);

  async function load(): Promise<void> {
    if (available) view.value = await agent.invokeDesktop('desktop.settings', {});
  }

  /** Throws the host's refusal: a shortcut the OS will not take is invalid_input (details.fields.shortcut). */
  async function update(patch: Partial<DesktopSettings>): Promise<void> {
    view.value = await agent.invokeDesktop('desktop.updateSettings', patch);
  }

  return { available, view, load, update };
}
