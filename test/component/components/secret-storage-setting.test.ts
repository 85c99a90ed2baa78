/**
 * Settings' "Keep sign-ins in": the keychain until the person picks the file, which is named for
 * what it is (not encrypted); picking it saves secretStorage: 'file' through settings.update.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { type AppSettings, DEFAULT_SETTINGS } from '../../../src-main/contract/settings';

vi.mock('../../../src-renderer/agent', async () => scriptedAgentModule());
const { default: AppSettingsForm } = await import('../../../src-renderer/features/settings/AppSettingsForm.vue');
const { useSettingsStore } = await import('../../../src-renderer/state/settings');

let saved: AppSettings;
beforeEach(async () => {
  setActivePinia(createPinia());
  saved = { ...DEFAULT_SETTINGS };
  scripted.commands.length = 0;
  scripted.command = (command, input) => {
    if (command === 'settings.update') saved = { ...saved, ...(input as Partial<AppSettings>) };
    return saved;
  };
  await useSettingsStore().load();
});

describe('the secret storage setting', () => {
  it('starts on the keychain and saves the file only when picked', async () => {
    const w = mount(AppSettingsForm);
    await flushPromises();
    const group = w.find('[role="radiogroup"][aria-label="Keep sign-ins in"]');
    expect(group.exists()).toBe(true);
    expect(group.text()).toContain('A file in the data folder (not encrypted)');
    const radios = group.findAll('input[type="radio"]');
    expect(radios.map((r) => (r.element as HTMLInputElement).checked)).toEqual([true, false]);
    expect(scripted.commands.some((c) => c.command === 'settings.update')).toBe(false);

    await radios[1]!.setValue(true);
    await flushPromises();
    expect(scripted.commands.filter((c) => c.command === 'settings.update').at(-1)?.input).toEqual({
      secretStorage: 'file',
    });
    w.unmount();
  });
});
