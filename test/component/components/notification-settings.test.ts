/**
 * Settings' notifications, kinds × zones: one switch per kind and zone, named for both; turning
 * one on saves it through settings.update with the other zones' switches kept, and in browser
 * mode asks the browser's permission then, never when the screen opens or a switch goes off; a
 * refusal says so. In the desktop app nothing is asked of a browser.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { zone } from '../support/zones';
import { type AppSettings, DEFAULT_SETTINGS } from '../../../src-main/contract/settings';

const host = vi.hoisted(() => ({ desktop: undefined as { platform: string } | undefined }));
vi.mock('../../../src-renderer/agent', async () => {
  const m = await scriptedAgentModule();
  return {
    agent: {
      ...m.agent,
      get desktop() {
        return host.desktop;
      },
      invokeDesktop: vi.fn(),
    },
  };
});
const { default: NotificationSettings } =
  await import('../../../src-renderer/features/settings/NotificationSettings.vue');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { useSettingsStore } = await import('../../../src-renderer/state/settings');

const browser = {
  permission: 'default' as NotificationPermission,
  answer: 'granted' as NotificationPermission,
  asked: 0,
};
beforeAll(() =>
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => {
      browser.asked++;
      browser.permission = browser.answer;
      return browser.answer;
    },
  }),
);
afterAll(() => vi.unstubAllGlobals());

let saved: AppSettings;
beforeEach(async () => {
  setActivePinia(createPinia());
  host.desktop = undefined;
  browser.permission = 'default';
  browser.answer = 'granted';
  browser.asked = 0;
  saved = { ...DEFAULT_SETTINGS, notifications: { 'us-1': ['health'], gone: ['gate'] } };
  scripted.commands.length = 0;
  scripted.command = (command, input) => {
    if (command === 'zones.list') return [zone('eu-1'), zone('us-1', undefined, { name: 'US one' })];
    if (command === 'settings.update') saved = { ...saved, ...(input as Partial<AppSettings>) };
    return saved;
  };
  await useZonesStore().load();
  await useSettingsStore().load();
});

const switchNamed = (w: ReturnType<typeof mount>, name: string) =>
  w.findAll('[role="switch"]').find((s) => s.attributes('aria-label') === name)!;

describe('notification settings', () => {
  it('one switch per kind and zone, asked for by neither opening nor turning off', async () => {
    const w = mount(NotificationSettings);
    await flushPromises();
    expect(w.findAll('[role="switch"]')).toHaveLength(8);
    expect(switchNamed(w, 'Zone down or back in US one').attributes('aria-checked')).toBe('true');
    expect(switchNamed(w, 'Run waiting for approval in eu-1').attributes('aria-checked')).toBe('false');
    expect(browser.asked).toBe(0);
    await switchNamed(w, 'Zone down or back in US one').trigger('click');
    await flushPromises();
    expect(browser.asked).toBe(0);
    // The zone that is no longer here loses its switches with the change.
    expect(saved.notifications).toEqual({});
    w.unmount();
  });

  it('turning one on asks the browser, once, and saves it beside the other zones’ switches', async () => {
    const w = mount(NotificationSettings);
    await flushPromises();
    await switchNamed(w, 'Run waiting for approval in eu-1').trigger('click');
    await flushPromises();
    expect(browser.asked).toBe(1);
    expect(scripted.commands.filter((c) => c.command === 'settings.update').at(-1)?.input).toEqual({
      notifications: { 'us-1': ['health'], 'eu-1': ['gate'] },
    });
    expect(switchNamed(w, 'Run waiting for approval in eu-1').attributes('aria-checked')).toBe('true');
    await switchNamed(w, 'CI/CD deployment failed in eu-1').trigger('click');
    await flushPromises();
    expect(browser.asked).toBe(1); // granted: not asked again
    expect(saved.notifications['eu-1']).toEqual(['gate', 'deploy']);
    expect(w.find('[role="alert"]').exists()).toBe(false);
    w.unmount();
  });

  it('says so when the browser refuses', async () => {
    browser.answer = 'denied';
    const w = mount(NotificationSettings);
    await flushPromises();
    await switchNamed(w, 'Run finished or failed in eu-1').trigger('click');
    await flushPromises();
    expect(w.find('[role="alert"]').text()).toContain('The browser blocks notifications from Zonedeck');
    w.unmount();
  });

  it('in the desktop app asks no browser', async () => {
    host.desktop = { platform: 'linux' };
    const w = mount(NotificationSettings);
    await flushPromises();
    await switchNamed(w, 'Run finished or failed in eu-1').trigger('click');
    await flushPromises();
    expect(browser.asked).toBe(0);
    expect(saved.notifications['eu-1']).toEqual(['run']);
    w.unmount();
  });
});
