/**
 * Settings' desktop part (close to tray, the global shortcut) over a scripted desktop host: it
 * shows why the shortcut is off, a refused shortcut says the OS's reason beside the field, the
 * switch saves, and in browser mode (no agent.desktop) nothing of it shows or is asked.
 */
import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scriptedAgentModule } from '../../support/scripted-agent';
import { AgentError } from '../../../src-main/contract/errors';
import type { DesktopSettingsView } from '../../../src-main/contract/desktop';

const host = vi.hoisted(() => ({
  desktop: { platform: 'linux' } as { platform: string } | undefined,
  calls: [] as { command: string; input: unknown }[],
  answer: (() => undefined) as (command: string, input: unknown) => unknown,
}));
vi.mock('../../../src-renderer/agent', async () => {
  const m = await scriptedAgentModule();
  return {
    agent: {
      ...m.agent,
      get desktop() {
        return host.desktop;
      },
      invokeDesktop: async (command: string, input: unknown) => {
        host.calls.push({ command, input });
        return host.answer(command, input);
      },
    },
  };
});
const { default: DesktopSettingsForm } =
  await import('../../../src-renderer/features/settings/DesktopSettingsForm.vue');

let view: DesktopSettingsView;
beforeEach(() => {
  setActivePinia(createPinia());
  host.desktop = { platform: 'linux' };
  host.calls = [];
  view = {
    closeToTray: false,
    shortcut: 'CommandOrControl+Shift+K',
    shortcutActive: false,
    shortcutProblem: 'Another application holds CommandOrControl+Shift+K.',
  };
  host.answer = (command, input) => {
    if (command === 'desktop.updateSettings') {
      const patch = input as Partial<DesktopSettingsView>;
      if (patch.shortcut === 'Ctrl+Alt+X')
        throw new AgentError({
          status: 400,
          code: 'invalid_input',
          message: 'Invalid input for desktop.updateSettings',
          details: { fields: { shortcut: 'The system refused Ctrl+Alt+X: another application holds it.' } },
        });
      view = { ...view, ...patch };
    }
    return view;
  };
});

const buttonNamed = (w: ReturnType<typeof mount>, name: string) => w.findAll('button').find((b) => b.text() === name)!;

describe('desktop settings', () => {
  it('says why the shortcut is off, and a refused shortcut shows the OS’s reason beside it', async () => {
    const w = mount(DesktopSettingsForm);
    await flushPromises();
    expect(w.text()).toContain('Shortcut off: Another application holds CommandOrControl+Shift+K.');
    const input = w.find<HTMLInputElement>('#set-shortcut-input');
    expect(input.element.value).toBe('CommandOrControl+Shift+K');
    await input.setValue('Ctrl+Alt+X');
    await buttonNamed(w, 'Save shortcut').trigger('click');
    await flushPromises();
    expect(host.calls.at(-1)).toEqual({ command: 'desktop.updateSettings', input: { shortcut: 'Ctrl+Alt+X' } });
    expect(w.find('[role="alert"]').text()).toBe('The system refused Ctrl+Alt+X: another application holds it.');
    w.unmount();
  });

  it('saves close to tray from its switch and turns the shortcut off with null', async () => {
    const w = mount(DesktopSettingsForm);
    await flushPromises();
    await w.find('[role="switch"]').trigger('click');
    await flushPromises();
    expect(host.calls).toContainEqual({ command: 'desktop.updateSettings', input: { closeToTray: true } });
    await buttonNamed(w, 'Turn off').trigger('click');
    await flushPromises();
    expect(host.calls.at(-1)).toEqual({ command: 'desktop.updateSettings', input: { shortcut: null } });
    expect(w.find<HTMLInputElement>('#set-shortcut-input').element.value).toBe('');
    w.unmount();
  });

  it('shows nothing and asks nothing in browser mode', async () => {
    host.desktop = undefined;
    const w = mount(DesktopSettingsForm);
    await flushPromises();
    expect(w.text()).toBe('');
    expect(host.calls).toEqual([]);
    w.unmount();
  });
});
