/**
 * In a split each pane shows its own zone's health: a stale banner and disabled actions follow
 * the pane a component sits in, not the focused pane; outside any pane they follow the focus.
 * Real StaleBanner and ZoneActions, mounted inside panes that provide their zone.
 */
import type { Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, type PropType } from 'vue';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { down, up } from '../support/zone-health';
import { signedIn, zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const StaleBanner = (await import('../../../src-renderer/components/StaleBanner.vue')).default;
const ZoneActions = (await import('../../../src-renderer/components/ZoneActions.vue')).default;
const { providePaneZone } = await import('../../../src-renderer/data/pane-zone');
const { forgetHealth, noteHealth, refusalFor } = await import('../../../src-renderer/data/zone-health');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { freshPinia, mountApp } = await import('../support/mount-app');

const ZONES = [zone('eu-1'), zone('us-1'), zone('st', signedIn(), { name: 'staging' })];
let pinia: Pinia;
/** Moves the window's focus, as choosing a zone in the rail does. */
const focus = (id: string) => useZonesStore().select(id);
// The app's own zones, named by the zones store; eu-1 is shown.
beforeEach(async () => {
  localStorage.clear();
  pinia = freshPinia();
  scripted.command = (command) => (command === 'zones.list' ? ZONES : []);
  await useZonesStore().load();
  focus('eu-1');
});

/** A pane: provides its zone, shows a banner and an action button the way list screens do. */
const Pane = defineComponent({
  props: { zone: { type: null as unknown as PropType<string | null>, default: null } },
  setup(props) {
    providePaneZone(() => props.zone);
    return () =>
      h('section', { 'data-pane': props.zone ?? 'none' }, [
        h(StaleBanner),
        h(ZoneActions, null, () => h('button', { type: 'button' }, 'Stop')),
      ]);
  },
});

function mountSplit() {
  return mountApp(pinia, () => h('div', [h(Pane, { zone: 'eu-1' }), h(Pane, { zone: 'us-1' })]));
}

const pane = (w: ReturnType<typeof mountSplit>, zone: string) => w.find(`[data-pane="${zone}"]`);
const disabled = (w: ReturnType<typeof mountSplit>, zone: string) =>
  (pane(w, zone).find('fieldset').element as HTMLFieldSetElement).disabled;

afterEach(() => {
  for (const z of ZONES) forgetHealth(z.id);
  document.body.innerHTML = '';
});

describe('a pane shows its own zone’s health', () => {
  it('marks only the pane of the zone that is down stale, whichever pane has focus', async () => {
    noteHealth([up('eu-1'), down('us-1')]);
    const w = mountSplit();
    await nextTick();
    expect(pane(w, 'us-1').find('[role="status"]').text()).toContain('us-1 is unreachable; showing the last data read');
    expect(pane(w, 'eu-1').find('[role="status"]').exists()).toBe(false);
    expect(disabled(w, 'us-1')).toBe(true);
    expect(disabled(w, 'eu-1')).toBe(false);
    expect(pane(w, 'us-1').find('fieldset').attributes('title')).toBe(
      'us-1 is unreachable: changes are held back until it answers again.',
    );

    // Focus moves to the down zone's pane and back: neither pane changes.
    for (const f of ['us-1', 'eu-1']) {
      focus(f);
      await nextTick();
      expect(pane(w, 'us-1').find('[role="status"]').exists()).toBe(true);
      expect(pane(w, 'eu-1').find('[role="status"]').exists()).toBe(false);
      expect(disabled(w, 'eu-1')).toBe(false);
    }
    w.unmount();
  });

  it('clears the banner and enables the actions when the zone answers again', async () => {
    noteHealth([down('us-1')]);
    const w = mountSplit();
    await nextTick();
    expect(disabled(w, 'us-1')).toBe(true);
    noteHealth([up('us-1')]);
    await nextTick();
    expect(pane(w, 'us-1').find('[role="status"]').exists()).toBe(false);
    expect(disabled(w, 'us-1')).toBe(false);
    expect(pane(w, 'us-1').find('fieldset').attributes('title')).toBeUndefined();
    w.unmount();
  });

  it('outside any pane follows the focused zone; an explicit zone prop wins over both', async () => {
    noteHealth([down('us-1'), up('eu-1')]);
    const w = mountApp(pinia, () =>
      h('div', [
        h('div', { id: 'free' }, [h(StaleBanner)]),
        h('div', { id: 'fixed' }, [h(StaleBanner, { zone: 'eu-1' })]),
      ]),
    );
    expect(w.find('#free [role="status"]').exists()).toBe(false);
    focus('us-1');
    await nextTick();
    expect(w.find('#free [role="status"]').exists()).toBe(true);
    expect(w.find('#fixed [role="status"]').exists()).toBe(false);
    w.unmount();
  });

  it('a pane whose zone is null (all zones) falls back to no zone at all, not the focused one', async () => {
    noteHealth([down('eu-1')]);
    const w = mountApp(pinia, Pane, { zone: null });
    expect(w.find('[role="status"]').exists()).toBe(false);
    expect((w.find('fieldset').element as HTMLFieldSetElement).disabled).toBe(false);
    w.unmount();
  });

  it('words the zone by its name, and says the last error in the banner’s tooltip', async () => {
    noteHealth([down('st', 'timeout after 10 s')]);
    const w = mountApp(pinia, StaleBanner, { zone: 'st', readAt: null });
    const banner = w.find('[role="status"]');
    expect(banner.text()).toMatch(/^As of \S[^—]* — zone staging is unreachable/);
    expect(banner.attributes('title')).toMatch(/Last error at \S[^:]*:\d\d(\s?[AP]M)?: timeout after 10 s/);
    w.unmount();
  });
});

describe('refusalFor', () => {
  it('refuses an action on the pane’s zone when down, not on the focused one', () => {
    noteHealth([down('us-1'), up('eu-1')]);
    let focused = 'eu-1';
    const naming = { name: (z: string) => z, focused: () => focused };
    expect(refusalFor(naming, null, () => 'us-1')).toBe(
      'us-1 is unreachable: changes are held back until it answers again.',
    );
    expect(refusalFor(naming, null, () => 'eu-1')).toBe('');
    expect(refusalFor(naming)).toBe('');
    focused = 'us-1';
    expect(refusalFor(naming)).not.toBe('');
    expect(refusalFor(naming, 'eu-1')).toBe('');
  });
});
