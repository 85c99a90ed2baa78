/**
 * The list-screen kit mounted for real (ListDetailScreen, useListScreen, Naive UI's dialog and the
 * app's stores): a row opens its details beside the list and names the breadcrumb; a palette
 * request selects a row once; a delete asks, runs, and closes the details only when confirmed and
 * done; unmounting clears the breadcrumb. The frame's width rules follow its props.
 */
import { flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { scripted, scriptedAgentModule } from '../../support/scripted-agent';
import { button, dialogs, mountWithFeedback, settle, theDialog, type } from '../support/dialogs';
import { zone } from '../support/zones';

vi.mock('../../../src-renderer/agent', () => scriptedAgentModule());
const { useZonesStore } = await import('../../../src-renderer/state/zones');
const { usePanesStore } = await import('../../../src-renderer/state/panes');
const { useUiStore } = await import('../../../src-renderer/state/ui');
const { useListScreen } = await import('../../../src-renderer/composables/use-list-screen');
const ListDetailScreen = (await import('../../../src-renderer/components/ListDetailScreen.vue')).default;

interface Row {
  key: string;
  name: string;
}
type Screen = ReturnType<typeof useListScreen<Row>>;

let pinia: Pinia;
let screen: Screen;
const rows = ref<Row[]>([]);

/** A small list screen on the kit: rows as buttons, the open row's name as its details. */
function mountScreen(frame: Record<string, unknown> = { detailsWidth: '420px' }) {
  const Thing = defineComponent({
    setup() {
      screen = useListScreen<Row>({
        zone: () => 'eu-1',
        rows: () => rows.value,
        key: (r) => r.key,
        name: (r) => r.name,
        opens: { area: 'networking', section: 'publicIps' },
      });
      return () =>
        h(
          ListDetailScreen,
          { open: !!screen.row.value, ...frame },
          {
            list: () =>
              h(
                'div',
                { class: 'rows' },
                rows.value.map((r) => h('button', { 'data-key': r.key, onClick: () => screen.select(r.key) }, r.name)),
              ),
            details: () => (screen.row.value ? h('section', { class: 'opened' }, screen.row.value.name) : null),
            create: () => h('div', { class: 'create-form' }),
          },
        );
    },
  });
  return mountWithFeedback(pinia, () => h(Thing));
}

beforeEach(async () => {
  pinia = createPinia();
  setActivePinia(pinia);
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  const zones = useZonesStore();
  await zones.load();
  zones.select('eu-1');
  rows.value = [
    { key: 'a', name: 'alpha' },
    { key: 'b', name: 'beta' },
  ];
});
afterEach(async () => {
  document.body.innerHTML = '';
  await settle();
});

describe('list-screen kit', () => {
  it('opens a row beside the list and names it in the breadcrumb; closing clears both', async () => {
    const w = mountScreen();
    const panes = usePanesStore();
    expect(w.find('.opened').exists()).toBe(false);
    expect(w.find('.create-form').exists()).toBe(true);
    await w.find('[data-key="b"]').trigger('click');
    expect(w.find('.details .opened').text()).toBe('beta');
    expect(panes.detail).toBe('beta');
    screen.select(null);
    await flushPromises();
    expect(w.find('.details').exists()).toBe(false);
    expect(panes.detail).toBeNull();
    await w.find('[data-key="a"]').trigger('click');
    w.unmount();
    expect(panes.detail).toBeNull();
  });

  it('takes a palette request for its own place once, and leaves others alone', async () => {
    const w = mountScreen();
    const ui = useUiStore();
    ui.opening = { zone: 'eu-1', area: 'networking', section: 'vpnGateways', id: 'a' };
    await flushPromises();
    expect(screen.selected.value).toBeNull();
    ui.opening = { zone: 'eu-1', area: 'networking', section: 'publicIps', id: 'a' };
    await flushPromises();
    expect(screen.selected.value).toBe('a');
    expect(ui.opening).toBeNull();
    w.unmount();
  });

  it('deletes only after the name is typed, then closes the deleted row', async () => {
    const w = mountScreen();
    await w.find('[data-key="a"]').trigger('click');
    const work = vi.fn(async () => true);
    const ask = { zone: 'eu-1', kind: 'thing', name: 'alpha', action: 'Delete', typeToConfirm: true };

    const no = screen.confirmRun(ask, work, rows.value[0]);
    await flushPromises();
    button(theDialog(), 'Cancel').click();
    await expect(no).resolves.toBe(false);
    expect(work).not.toHaveBeenCalled();
    await settle();

    const yes = screen.confirmRun(ask, work, rows.value[0]);
    await flushPromises();
    // The cancelled one may still be leaving (its transition): the new one is last.
    const asked = dialogs().at(-1)!;
    await type(asked, 'alpha');
    button(asked, 'Delete alpha').click();
    await expect(yes).resolves.toBe(true);
    expect(work).toHaveBeenCalledOnce();
    await flushPromises();
    expect(w.find('.opened').exists()).toBe(false);
    w.unmount();
  });

  it('lays out fixed-width details, or a list that gives way, and stacks when asked', async () => {
    const fixed = mountScreen({ detailsWidth: '420px', stack: true });
    await fixed.find('[data-key="a"]').trigger('click');
    const root = fixed.find('.lds');
    expect(root.classes()).toEqual(expect.arrayContaining(['lds-open', 'lds-fixed', 'lds-stack']));
    fixed.unmount();
    const wide = mountScreen({});
    await wide.find('[data-key="a"]').trigger('click');
    expect(wide.find('.lds').classes()).toContain('lds-open');
    expect(wide.find('.lds').classes()).not.toContain('lds-fixed');
    wide.unmount();
  });
});
