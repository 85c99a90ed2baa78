/**
 * The shared list screen body (ResourceList over VirtualTable) with a few rows: sorted by the
 * default column and by a header click, filtered as you type with "n of m", a row chosen by click
 * or Enter (again deselects), the loading, error and empty states, a long list rendered only in
 * part, and a down zone's banner and held-back actions over rows that stay.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, markRaw, type Component } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import ResourceList from '../../../src-renderer/components/ResourceList.vue';
import { textSorter } from '../../../src-renderer/lib/list-index';
import { forgetHealth, noteHealth } from '../../../src-renderer/data/zone-health';
import { down } from '../support/zone-health';

interface Row {
  key: string;
  name: string;
  state: string;
}

const columns: DataTableColumns<Row> = [
  { key: 'name', title: 'Name', sorter: textSorter((r: Row) => r.name), defaultSortOrder: 'ascend' },
  { key: 'state', title: 'Status', sorter: textSorter((r: Row) => r.state), width: 130 },
];
const rows: Row[] = markRaw([
  { key: 'c3', name: 'web-2', state: 'running' },
  { key: 'c1', name: 'api', state: 'stopped' },
  { key: 'c5', name: 'web-1', state: 'running' },
  { key: 'c2', name: 'db', state: 'running' },
  { key: 'c4', name: 'cache', state: 'failed' },
]);

enableAutoUnmount(afterEach);
afterEach(() => forgetHealth('eu-1'));

// A generic component: mount() would infer its T as `object`, so it is mounted untyped here.
const List = ResourceList as unknown as Component;

function list(props: Record<string, unknown> = {}, slots: Record<string, () => unknown> = {}) {
  return mount(List, {
    props: {
      heading: 'Containers',
      label: 'Containers',
      rows,
      columns,
      filterText: (r: Row) => `${r.name} ${r.state}`,
      zone: 'eu-1',
      ...props,
    },
    slots,
    attachTo: document.body,
  });
}
type List = ReturnType<typeof list>;

const names = (w: List) => w.findAll('tbody tr[data-key]').map((tr) => tr.find('td').text());
const count = (w: List) => w.find('[aria-label="Count"]').text();

async function filter(w: List, text: string) {
  await w.find('input[aria-label="Filter containers"]').setValue(text);
  await flushPromises();
}

describe('ResourceList', () => {
  it('sorts by the default column; a header click sorts the other way and says so in aria-sort', async () => {
    const w = list();
    await flushPromises();
    expect(names(w)).toEqual(['api', 'cache', 'db', 'web-1', 'web-2']);
    expect(count(w)).toBe('5');
    const nameHeader = w.findAll('th')[0]!;
    expect(nameHeader.attributes('aria-sort')).toBe('ascending');
    await nameHeader.find('button').trigger('click');
    expect(names(w)).toEqual(['web-2', 'web-1', 'db', 'cache', 'api']);
    expect(w.findAll('th')[0]!.attributes('aria-sort')).toBe('descending');
    // Status, ascending: failed, running (three), stopped.
    await w.findAll('th')[1]!.find('button').trigger('click');
    expect(w.findAll('th')[1]!.attributes('aria-sort')).toBe('ascending');
    expect(w.findAll('th')[0]!.attributes('aria-sort')).toBeUndefined();
    expect(names(w)[0]).toBe('cache');
    expect(names(w)[4]).toBe('api');
  });

  it('filters as you type, every term must match, and says how many of how many', async () => {
    const w = list();
    await filter(w, 'web');
    expect(names(w)).toEqual(['web-1', 'web-2']);
    expect(count(w)).toBe('2 of 5');
    await filter(w, 'running   d');
    expect(names(w)).toEqual(['db']);
    await filter(w, 'zzz');
    expect(names(w)).toEqual([]);
    expect(w.text()).toContain('No containers match “zzz”.');
    await w.find('button[aria-label="Clear the containers filter"]').trigger('click');
    await flushPromises();
    expect(names(w)).toHaveLength(5);
    expect(count(w)).toBe('5');
  });

  it('a click or Enter chooses a row (and opens it); choosing it again deselects', async () => {
    const w = list({ selected: null });
    await flushPromises();
    await w.find('tr[data-key="c2"] td').trigger('click');
    expect(w.emitted('update:selected')).toEqual([['c2']]);
    expect((w.emitted('open') as Row[][])[0]![0]!.name).toBe('db');
    await w.setProps({ selected: 'c2' });
    expect(w.find('tr[data-key="c2"]').classes()).toContain('vt-selected');
    expect(w.findAll('tr.vt-selected')).toHaveLength(1);
    await w.find('tr[data-key="c2"] td').trigger('click');
    expect(w.emitted('update:selected')!.at(-1)).toEqual([null]);
    await w.find('tr[data-key="c4"]').trigger('keydown', { key: 'Enter' });
    expect(w.emitted('update:selected')!.at(-1)).toEqual(['c4']);
    expect(w.emitted('open')).toHaveLength(2);
  });

  it('shows a skeleton while the first rows load, an error with Retry, and an empty state with its action', async () => {
    const loading = list({ rows: [], loading: true });
    expect(count(loading)).toBe('…');
    expect(loading.find('[aria-label="Loading containers"]').exists()).toBe(true);
    expect(loading.find('table').exists()).toBe(false);

    const failed = list({
      rows: [],
      error: { status: 503, code: 'zone_unavailable', message: 'The zone did not answer.' },
    });
    expect(failed.text()).toContain('Couldn’t load containers');
    const retry = failed.findAll('button').find((b) => b.text().includes('Retry'))!;
    await retry.trigger('click');
    expect(failed.emitted('retry')).toHaveLength(1);

    const empty = list(
      { rows: [], emptyText: 'No containers in eu-1 yet.' },
      { 'empty-action': () => h('button', 'Create container') },
    );
    expect(empty.text()).toContain('No containers in eu-1 yet.');
    expect(empty.find('.empty button').text()).toBe('Create container');
  });

  it('keeps rows on screen when a later read fails (no error page over them)', async () => {
    const w = list({ error: { status: 503, code: 'zone_unavailable', message: 'The zone did not answer.' } });
    await flushPromises();
    expect(names(w)).toHaveLength(5);
    expect(w.text()).not.toContain('Couldn’t load containers');
  });

  it('renders only a window of a long list, with a spacer for the rest', async () => {
    const many = markRaw(
      Array.from({ length: 2000 }, (_, i) => ({
        key: `k${i}`,
        name: `vm-${String(i).padStart(4, '0')}`,
        state: 'running',
      })),
    );
    const w = list({ rows: many });
    await flushPromises();
    const rendered = w.findAll('tbody tr[data-key]');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    expect(w.find('table').attributes('aria-rowcount')).toBe('2001');
    expect(w.find('tbody tr.vt-spacer').exists()).toBe(true);
    await filter(w, 'vm-1999');
    expect(names(w)).toEqual(['vm-1999']);
    expect(count(w)).toBe('1 of 2,000');
  });

  it('while its zone is down: the rows stay, a banner says so, and the toolbar’s actions are held back', async () => {
    noteHealth([down('eu-1')]);
    const w = list({}, { actions: () => h('button', { class: 'create' }, 'Create') });
    await flushPromises();
    expect(names(w)).toHaveLength(5);
    expect(w.find('[role="status"]').text()).toContain('eu-1 is unreachable');
    // A disabled fieldset disables every control in it (happy-dom does not apply that to the button itself).
    const actions = w.find('button.create').element.closest('fieldset')!;
    expect(actions.disabled).toBe(true);
    expect(actions.title).toBe('eu-1 is unreachable: changes are held back until it answers again.');
  });
});

describe('ResourceList’s row menu', () => {
  it('opens on a right-click or Shift+F10 with the row’s options, and a pick names the option and the row', async () => {
    await import('../../../src-renderer/components/AnchoredMenu.vue'); // loaded on the first opening in the app
    const w = list({ rowMenu: (r: Row) => [{ key: 'delete', label: `Delete ${r.name}…` }] });
    await flushPromises();
    const row = (key: string) => w.find(`tbody tr[data-key="${key}"]`);
    await row('c2').trigger('contextmenu', { clientX: 40, clientY: 60 });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Delete db…'));
    const option = () =>
      [...document.querySelectorAll<HTMLElement>('.n-dropdown-option-body')].find((o) =>
        o.textContent?.includes('Delete'),
      );
    option()!.click();
    await flushPromises();
    expect(w.emitted('menu')).toEqual([['delete', rows[3]]]);
    await row('c4').trigger('keydown', { key: 'F10', shiftKey: true });
    await vi.waitFor(() => expect(option()?.textContent).toContain('Delete cache…'));
  });
});
