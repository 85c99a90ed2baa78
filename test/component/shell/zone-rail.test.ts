/**
 * The rail's one tooltip and its menus (#39: no Naive popover code in the first screen): a tip
 * shows beside the zone the pointer rests on, says its state and follows it, steps aside on a
 * click until the pointer leaves; "+" opens its menu on demand, a second click closes it, a pick
 * runs and closes it. The real ZoneRail in the app's providers, the agent scripted.
 */
import type { Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushPromises } from '@vue/test-utils';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { signedIn, signedOut, zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const ZoneRail = (await import('../../../src-renderer/shell/ZoneRail.vue')).default;
// Loaded on the first hover and the first menu in the app; in before the timers here run.
await import('../../../src-renderer/shell/RailTip.vue');
await import('../../../src-renderer/components/AnchoredMenu.vue');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { useUiStore } = await import('../../../src-renderer/state/ui');
const { freshPinia, mountApp } = await import('../support/mount-app');

let pinia: Pinia;
beforeEach(async () => {
  localStorage.clear();
  pinia = freshPinia();
  const zones = [zone('eu-1', signedIn('ana@example.com')), zone('us-1', signedOut, { protected: true })];
  scripted.command = (command) => (command === 'zones.list' ? zones : []);
  await useZonesStore().load();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const tip = () => document.querySelector<HTMLElement>('.n-tooltip');
const button = (name: string) =>
  document.querySelector<HTMLButtonElement>(`nav[aria-label="Zones"] button[aria-label="${name}"]`)!;

/** Waits out the tip's 400 ms (fake timers) and the async component's load. */
async function rest(ms = 450) {
  await vi.advanceTimersByTimeAsync(ms);
  await flushPromises();
}

describe('the zone rail', () => {
  it('shows one tip beside the zone the pointer rests on, in that zone’s words', async () => {
    vi.useFakeTimers();
    mountApp(pinia, ZoneRail);
    await flushPromises();
    expect(tip()).toBeNull();
    button('eu-1').dispatchEvent(new MouseEvent('mouseenter'));
    await rest(200);
    expect(tip()?.textContent ?? '').toBe(''); // not before the delay
    await rest();
    expect(tip()?.textContent).toContain('eu-1');
    expect(tip()?.textContent).toContain('signed in as ana@example.com');
    button('eu-1').dispatchEvent(new MouseEvent('mouseleave'));
    button('us-1').dispatchEvent(new MouseEvent('mouseenter'));
    await rest();
    expect(tip()?.textContent).toContain('Protected: every change asks for the zone’s name');
    expect(tip()?.textContent).toContain('signed out');
    expect(tip()?.textContent).not.toContain('ana@example.com');
  });

  it('steps aside on a click, and comes back only after the pointer has left', async () => {
    vi.useFakeTimers();
    mountApp(pinia, ZoneRail);
    await flushPromises();
    const eu = button('eu-1');
    eu.dispatchEvent(new MouseEvent('mouseenter'));
    await rest();
    expect(tip()?.textContent).toContain('eu-1');
    eu.click();
    await rest();
    expect(useZonesStore().selectedId).toBe('eu-1');
    expect(tip()?.textContent ?? '').not.toContain('eu-1');
    eu.dispatchEvent(new MouseEvent('mouseenter')); // still quiet: the pointer never left
    await rest();
    expect(tip()?.textContent ?? '').not.toContain('eu-1');
    eu.dispatchEvent(new MouseEvent('mouseleave'));
    eu.dispatchEvent(new MouseEvent('mouseenter'));
    await rest();
    expect(tip()?.textContent).toContain('eu-1');
  });

  it('takes a zone’s tip away with the zone', async () => {
    vi.useFakeTimers();
    mountApp(pinia, ZoneRail);
    await flushPromises();
    button('us-1').dispatchEvent(new MouseEvent('mouseenter'));
    await rest();
    expect(tip()?.textContent).toContain('us-1');
    scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
    await useZonesStore().load();
    await rest();
    expect(tip()?.textContent ?? '').not.toContain('us-1');
  });

  it('opens "+" on demand: a second click closes it, a pick runs and closes it', async () => {
    mountApp(pinia, ZoneRail);
    await flushPromises();
    const add = button('Add a zone');
    expect(add.getAttribute('aria-expanded')).toBe('false');
    expect(document.body.textContent).not.toContain('Try the local sandbox');
    add.click();
    await flushPromises();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Try the local sandbox'));
    expect(add.getAttribute('aria-expanded')).toBe('true');
    add.click();
    await flushPromises();
    expect(add.getAttribute('aria-expanded')).toBe('false');
    add.click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Add a zone…'));
    const item = [...document.querySelectorAll<HTMLElement>('.n-dropdown-option')].find((o) =>
      o.textContent?.includes('Add a zone…'),
    )!;
    item.querySelector<HTMLElement>('.n-dropdown-option-body')!.click();
    await flushPromises();
    expect(useUiStore().zoneDialog).toEqual({ mode: 'add' });
    expect(add.getAttribute('aria-expanded')).toBe('false');
  });
});
