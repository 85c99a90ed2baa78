/**
 * The palette's first opening (issue #28): the index read when the shell was painted is the one
 * the opening uses (one read, not two), and its clusters are listed as the palette shows. Its overlay
 * without Naive UI's modal: Escape and a press outside close it, focus that leaves comes back to
 * its input, and closing gives focus back where it was.
 */
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import type { ZoneView } from '../../../src-main/contract/commands';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { default: CommandPalette } = await import('../../../src-renderer/shell/CommandPalette.vue');
const { warmGrabIndex } = await import('../../../src-renderer/shell/palette-index');
const { useUiStore } = await import('../../../src-renderer/state/ui');
const { useZonesStore } = await import('../../../src-renderer/state/zones');

const signedIn = (...ids: string[]) =>
  ids.map((id) => ({ id, name: id, session: { state: 'signed_in' } })) as unknown as ZoneView[];

const INDEX = {
  items: [{ zone: 'eu-1', zoneName: 'eu-1', kind: 'cluster', id: 'k1', name: 'demo' }],
  failures: [],
};
let answer: (value: unknown) => void = () => {};

beforeEach(() => {
  setActivePinia(createPinia());
  scripted.commands.length = 0;
  // The zones answer when the test says.
  scripted.command = (command) =>
    command === 'grab.index' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve([]);
});
let unmount = () => {};
afterEach(() => {
  unmount();
  document.body.innerHTML = '';
});
const open = () => {
  const w = mount(CommandPalette, { attachTo: document.body });
  unmount = () => w.unmount();
};

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"][aria-label="Command palette"]');
const options = () => [...document.querySelectorAll('[role="option"]')].map((o) => o.textContent ?? '');
const reads = () => scripted.commands.filter((c) => c.command === 'grab.index').length;
const settle = async () => {
  await new Promise((r) => setTimeout(r, 0));
  await nextTick();
};

describe('CommandPalette', () => {
  it('opens on the read started when the shell was painted, and lists its clusters; reads again after a sign-in', async () => {
    const zones = useZonesStore();
    zones.list = signedIn('eu-1');
    warmGrabIndex(zones.list);
    const ui = useUiStore();
    open();
    ui.paletteOpen = true;
    await settle();
    expect(dialog()).not.toBeNull();
    expect(reads()).toBe(1);
    answer(INDEX);
    await settle();
    expect(options().some((o) => o.includes('demo · eu-1'))).toBe(true);

    // An opening within seconds takes that index as it is; one after a sign-in, or a later one,
    // reads afresh, showing the last index until the zones answer.
    const reopen = async () => {
      ui.paletteOpen = false;
      await settle();
      expect(dialog()).toBeNull();
      ui.paletteOpen = true;
      await settle();
    };
    await reopen();
    expect(reads()).toBe(1);
    zones.list = signedIn('eu-1', 'us-1');
    await reopen();
    expect(reads()).toBe(2);
    answer(INDEX);
    await settle();
    const now = performance.now();
    const later = vi.spyOn(performance, 'now').mockReturnValue(now + 6_000);
    await reopen();
    expect(reads()).toBe(3);
    expect(options().some((o) => o.includes('demo · eu-1'))).toBe(true);
    answer(INDEX);
    later.mockRestore();
  });

  it('keeps focus inside while open, closes on Escape and on a press outside, and gives focus back', async () => {
    const before = document.createElement('button');
    document.body.append(before);
    before.focus();
    const ui = useUiStore();
    open();
    ui.paletteOpen = true;
    await settle();
    const input = dialog()!.querySelector('input')!;
    expect(document.activeElement).toBe(input);

    before.focus();
    expect(document.activeElement).toBe(input);
    // A dialog opened over it (the protected-zone prompt) keeps its focus and its Escape.
    const over = document.createElement('div');
    over.setAttribute('role', 'dialog');
    const field = document.createElement('input');
    over.append(field);
    document.body.append(over);
    field.focus();
    expect(document.activeElement).toBe(field);
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(ui.paletteOpen).toBe(true);
    over.remove();
    input.focus();

    // The closing Escape is spent: a details pane behind (it skips a handled Escape) stays open.
    const esc = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.activeElement!.dispatchEvent(esc);
    expect(ui.paletteOpen).toBe(false);
    expect(esc.defaultPrevented).toBe(true);
    await settle();
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(before);

    ui.paletteOpen = true;
    await settle();
    dialog()!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(ui.paletteOpen).toBe(true);
    document.querySelector('.scrim')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(ui.paletteOpen).toBe(false);
    answer(INDEX);
  });
});
