/**
 * Split panes through the real stores (panes, ui, zones, consoles): the focused pane is the one the
 * rail and sidebar drive, focusing a pane selects its zone and place, closing one moves focus to
 * its neighbour and takes its consoles, a removed zone closes its panes, and the layout comes back
 * after a restart. A screen in a pane names its open item for the breadcrumb only while focused.
 */
import { mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { computed, defineComponent, h, nextTick } from 'vue';
import type { ZoneView } from '@contract/commands';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { usePanesStore } = await import('../../../src-renderer/state/panes');
const { useUiStore } = await import('../../../src-renderer/state/ui');
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { useConsolesStore } = await import('../../../src-renderer/state/consoles');
const { providePane, usePaneDetail } = await import('../../../src-renderer/composables/use-pane');
const { registerNavigation } = await import('../../../src-renderer/shell/areas');
// As App.vue does at start: the app-wide stores learn the areas once.
registerNavigation();

const LAYOUT_KEY = 'zonedeck.layout';
let listed: ZoneView[] = [];

async function stores(zoneIds = ['eu-1', 'us-1', 'ap-1']) {
  listed = zoneIds.map((id) => zone(id));
  scripted.command = (command) => (command === 'zones.list' ? listed : []);
  const zones = useZonesStore();
  await zones.load();
  const panes = usePanesStore();
  return { zones, ui: useUiStore(), panes, consoles: useConsolesStore() };
}

/** What each pane shows, the focused one starred, as "*eu-1 zone/home". */
function shown(panes: ReturnType<typeof usePanesStore>): string[] {
  return panes.list.map((p) => `${p.id === panes.focusedId ? '*' : ''}${p.zoneId} ${p.area}/${p.section}`);
}
const where = (ui: ReturnType<typeof useUiStore>, zones: ReturnType<typeof useZonesStore>) =>
  `${zones.selectedId} ${ui.place.area}/${ui.place.section}`;

beforeEach(() => {
  localStorage.clear();
  setActivePinia(createPinia());
});

describe('split panes', () => {
  it('one pane follows the rail until split; a split opens after the focused pane and takes focus', async () => {
    const { zones, ui, panes } = await stores();
    expect(shown(panes)).toEqual(['*eu-1 zone/home']);
    ui.go('workflows', 'skills');
    await nextTick();
    expect(shown(panes)).toEqual(['*eu-1 workflows/skills']);
    expect(panes.split).toBe(false);

    panes.open('row', { zoneId: 'us-1', area: 'kubernetes', section: 'clusters' });
    await nextTick();
    expect(shown(panes)).toEqual(['eu-1 workflows/skills', '*us-1 kubernetes/clusters']);
    expect(where(ui, zones)).toBe('us-1 kubernetes/clusters');
    expect(JSON.parse(localStorage.getItem(LAYOUT_KEY)!)).toMatchObject({ focusedId: panes.focusedId });
  });

  it('focusing a pane selects its zone and place; the rail then changes that pane only', async () => {
    const { zones, ui, panes } = await stores();
    const p1 = panes.focusedId;
    const p2 = panes.open('row', { zoneId: 'us-1', area: 'compute', section: 'microvms' })!;
    await nextTick();
    panes.focus(p1);
    await nextTick();
    expect(where(ui, zones)).toBe('eu-1 zone/home');
    ui.go('storage', 'disks');
    await nextTick();
    expect(shown(panes)).toEqual(['*eu-1 storage/disks', 'us-1 compute/microvms']);
    // The rail picks another zone: the focused pane shows it, the other stays.
    zones.select('ap-1');
    await nextTick();
    expect(shown(panes)).toEqual(['*ap-1 zone/home', 'us-1 compute/microvms']);
    panes.focus(p2);
    await nextTick();
    expect(where(ui, zones)).toBe('us-1 compute/microvms');
  });

  it('F6 and Ctrl+1…4 move focus with wrap-around; a split stops at four panes', async () => {
    const { panes } = await stores();
    const ids = [panes.focusedId];
    for (let i = 0; i < 3; i++) ids.push(panes.open('row')!);
    expect(panes.full).toBe(true);
    expect(panes.open('row')).toBeNull();
    expect(panes.list).toHaveLength(4);
    panes.focusNext(1);
    expect(panes.focusedId).toBe(ids[0]);
    panes.focusNext(-1);
    expect(panes.focusedId).toBe(ids[3]);
    panes.focusNth(1);
    expect(panes.focusedId).toBe(ids[1]);
    panes.focusNth(7);
    expect(panes.focusedId).toBe(ids[1]);
  });

  it('closing the focused pane focuses its neighbour, drops its consoles and breadcrumb, and keeps the last pane', async () => {
    const { zones, ui, panes, consoles } = await stores();
    const p1 = panes.focusedId;
    const p2 = panes.open('row', { zoneId: 'us-1', area: 'compute', section: 'containers' })!;
    consoles.open({ pane: p2, zone: 'us-1', kind: 'containers', id: 'c1', name: 'web' });
    consoles.open({ pane: p1, zone: 'eu-1', kind: 'containers', id: 'c2', name: 'db' });
    panes.setDetail(p2, 'web');
    expect(panes.detail).toBe('web');
    panes.close(p2);
    await nextTick();
    expect(shown(panes)).toEqual(['*eu-1 zone/home']);
    expect(where(ui, zones)).toBe('eu-1 zone/home');
    expect(consoles.tabs.map((t) => t.pane)).toEqual([p1]);
    expect(panes.detail).toBeNull();
    expect(localStorage.getItem(LAYOUT_KEY)).toBeNull();
    panes.close(p1);
    expect(panes.list).toHaveLength(1);
  });

  it('a deep link to a zone another pane shows focuses that pane (the one on the same area first)', async () => {
    const { panes } = await stores();
    const p1 = panes.focusedId;
    const p2 = panes.open('row', { zoneId: 'us-1', area: 'compute', section: 'containers' })!;
    const p3 = panes.open('row', { zoneId: 'us-1', area: 'kubernetes', section: 'clusters' })!;
    panes.focus(p1);
    panes.focusZone('us-1', 'kubernetes');
    expect(panes.focusedId).toBe(p3);
    panes.focus(p1);
    panes.focusZone('us-1');
    expect(panes.focusedId).toBe(p2);
    panes.focusZone('ap-1');
    expect(panes.focusedId).toBe(p2);
  });

  it('a removed zone closes its panes, even the focused one, and focus moves to a pane that is left', async () => {
    const { zones, ui, panes } = await stores();
    panes.open('row', { zoneId: 'us-1', area: 'kubernetes', section: 'clusters' });
    panes.open('row', { zoneId: 'ap-1', area: 'storage', section: 'disks' });
    await nextTick();
    expect(shown(panes)).toEqual(['eu-1 zone/home', 'us-1 kubernetes/clusters', '*ap-1 storage/disks']);
    listed = listed.filter((z) => z.id !== 'ap-1');
    await zones.load();
    await nextTick();
    expect(panes.list.map((p) => p.zoneId)).toEqual(['eu-1', 'us-1']);
    expect(shown(panes).filter((s) => s.startsWith('*'))).toHaveLength(1);
    const focused = panes.list.find((p) => p.id === panes.focusedId)!;
    expect(where(ui, zones)).toBe(`${focused.zoneId} ${focused.area}/${focused.section}`);
  });

  it('a removed focused zone does not turn its pane into a pane of the zone selected instead', async () => {
    const { zones, ui, panes } = await stores();
    // eu-1 is first in the rail but shown in no pane once the first pane moves to us-1.
    zones.select('us-1');
    panes.open('row', { zoneId: 'ap-1', area: 'storage', section: 'disks' });
    await nextTick();
    expect(shown(panes)).toEqual(['us-1 zone/home', '*ap-1 storage/disks']);
    listed = listed.filter((z) => z.id !== 'ap-1');
    await zones.load();
    await nextTick();
    expect(panes.list.map((p) => p.zoneId)).not.toContain('ap-1');
    expect(panes.list.map((p) => p.zoneId)).toEqual(['us-1']);
    expect(where(ui, zones)).toBe('us-1 zone/home');
  });

  it('the layout comes back after a restart, without panes of zones or screens that are gone', async () => {
    const first = await stores();
    first.panes.open('column', { zoneId: 'us-1', area: 'kubernetes', section: 'clusters' });
    first.panes.open('column', { zoneId: 'ap-1', area: 'storage', section: 'disks' });
    await nextTick();
    const saved = JSON.parse(localStorage.getItem(LAYOUT_KEY)!) as { panes: { section: string }[] };
    saved.panes[0]!.section = 'no-such-screen';
    localStorage.setItem(LAYOUT_KEY, JSON.stringify(saved));

    // A restart: new stores, and ap-1 was removed meanwhile.
    setActivePinia(createPinia());
    const { zones, ui, panes } = await stores(['eu-1', 'us-1']);
    panes.restore();
    await nextTick();
    // One pane survives: no split comes back, the window shows the selected zone as usual.
    expect(shown(panes)).toEqual(['*eu-1 zone/home']);
    expect(panes.split).toBe(false);
    expect(where(ui, zones)).toBe('eu-1 zone/home');

    setActivePinia(createPinia());
    localStorage.setItem(
      LAYOUT_KEY,
      JSON.stringify({
        panes: [
          { id: 'p1', zoneId: 'eu-1', area: 'compute', section: 'microvms' },
          { id: 'p2', zoneId: 'us-1', area: 'kubernetes', section: 'clusters' },
        ],
        focusedId: 'p2',
        direction: 'column',
      }),
    );
    const again = await stores(['eu-1', 'us-1']);
    again.panes.restore();
    await nextTick();
    expect(shown(again.panes)).toEqual(['eu-1 compute/microvms', '*us-1 kubernetes/clusters']);
    expect(again.panes.direction).toBe('column');
    expect(where(again.ui, again.zones)).toBe('us-1 kubernetes/clusters');
  });
});

describe('a screen’s open item in the breadcrumb', () => {
  it('shows the focused pane’s item only, follows focus, and clears when the screen goes', async () => {
    const { panes } = await stores();
    const p1 = panes.focusedId;
    const p2 = panes.open('row', { zoneId: 'us-1', area: 'compute', section: 'containers' })!;
    const Screen = defineComponent({
      props: { item: { type: String, required: true } },
      setup(props) {
        usePaneDetail(() => props.item);
        return () => h('p', props.item);
      },
    });
    const InPane = (id: string, item: string) =>
      defineComponent({
        setup() {
          providePane({ id, section: computed(() => 'containers'), focused: computed(() => panes.focusedId === id) });
          return () => h(Screen, { item });
        },
      });
    const left = mount(InPane(p1, 'web-1'));
    const right = mount(InPane(p2, 'db-2'));
    expect(panes.detail).toBe('db-2');
    panes.focus(p1);
    expect(panes.detail).toBe('web-1');
    left.unmount();
    expect(panes.detail).toBeNull();
    panes.focus(p2);
    expect(panes.detail).toBe('db-2');
    right.unmount();
  });
});
