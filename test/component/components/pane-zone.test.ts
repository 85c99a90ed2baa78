/**
 * In a split each pane shows its own zone's health: a stale banner and disabled actions follow
 * the pane a component sits in, not the focused pane; outside any pane they follow the focus.
 * Real StaleBanner and ZoneActions, mounted inside panes that provide their zone.
 */
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick, ref, type PropType } from 'vue';
import StaleBanner from '../../../src-renderer/components/StaleBanner.vue';
import ZoneActions from '../../../src-renderer/components/ZoneActions.vue';
import { providePaneZone } from '../../../src-renderer/data/pane-zone';
import { forgetHealth, noteHealth, refusalFor, setZoneNaming } from '../../../src-renderer/data/zone-health';
import { down, up } from '../support/zone-health';

const names: Record<string, string> = { 'eu-1': 'eu-1', 'us-1': 'us-1', st: 'staging' };
const focused = ref<string | null>('eu-1');
setZoneNaming(
  (z) => names[z] ?? z,
  () => focused.value,
);

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
  return mount(() => h('div', [h(Pane, { zone: 'eu-1' }), h(Pane, { zone: 'us-1' })]), { attachTo: document.body });
}

const pane = (w: ReturnType<typeof mountSplit>, zone: string) => w.find(`[data-pane="${zone}"]`);
const disabled = (w: ReturnType<typeof mountSplit>, zone: string) =>
  (pane(w, zone).find('fieldset').element as HTMLFieldSetElement).disabled;

afterEach(() => {
  for (const z of Object.keys(names)) forgetHealth(z);
  focused.value = 'eu-1';
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
      focused.value = f;
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
    const w = mount(() =>
      h('div', [
        h('div', { id: 'free' }, [h(StaleBanner)]),
        h('div', { id: 'fixed' }, [h(StaleBanner, { zone: 'eu-1' })]),
      ]),
    );
    expect(w.find('#free [role="status"]').exists()).toBe(false);
    focused.value = 'us-1';
    await nextTick();
    expect(w.find('#free [role="status"]').exists()).toBe(true);
    expect(w.find('#fixed [role="status"]').exists()).toBe(false);
    w.unmount();
  });

  it('a pane whose zone is null (all zones) falls back to no zone at all, not the focused one', async () => {
    noteHealth([down('eu-1')]);
    const w = mount(Pane, { props: { zone: null } });
    expect(w.find('[role="status"]').exists()).toBe(false);
    expect((w.find('fieldset').element as HTMLFieldSetElement).disabled).toBe(false);
    w.unmount();
  });

  it('words the zone by its name, and says the last error in the banner’s tooltip', async () => {
    noteHealth([down('st', 'timeout after 10 s')]);
    const w = mount(StaleBanner, { props: { zone: 'st', readAt: null } });
    const banner = w.find('[role="status"]');
    expect(banner.text()).toMatch(/^As of \S[^—]* — zone staging is unreachable/);
    expect(banner.attributes('title')).toMatch(/Last error at \S[^:]*:\d\d(\s?[AP]M)?: timeout after 10 s/);
    w.unmount();
  });
});

describe('refusalFor', () => {
  it('refuses an action on the pane’s zone when down, not on the focused one', () => {
    noteHealth([down('us-1'), up('eu-1')]);
    expect(refusalFor(null, () => 'us-1')).toBe('us-1 is unreachable: changes are held back until it answers again.');
    expect(refusalFor(null, () => 'eu-1')).toBe('');
    expect(refusalFor()).toBe('');
    focused.value = 'us-1';
    expect(refusalFor()).not.toBe('');
    expect(refusalFor('eu-1')).toBe('');
  });
});
