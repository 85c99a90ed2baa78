/**
 * One kind of an instance's attachments: while its list is read, a line holds the list's place
 * (so the sections under it do not jump when the read lands: CI lost a click on a disk's Detach
 * that way), then "No … attached." or the attached ones, each with Detach.
 */
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { h } from 'vue';
import AttachedList from '../../../../src-renderer/features/compute/AttachedList.vue';

enableAutoUnmount(afterEach);

function list(items: readonly string[] | undefined) {
  return mount(AttachedList, {
    props: { noun: 'databases', items, busy: false, ready: false },
    slots: { item: ({ item }: { item: unknown }) => h('span', String(item)) },
  });
}
const lines = (w: ReturnType<typeof list>) =>
  w
    .get('ul[aria-label="Attached databases"]')
    .findAll('li')
    .map((li) => li.text());

describe('AttachedList', () => {
  it('holds the list’s place with one busy line while it is read, then says there are none', async () => {
    const w = list(undefined);
    expect(lines(w)).toEqual(['Loading databases…']);
    expect(w.get('li').attributes('aria-busy')).toBe('true');
    await w.setProps({ items: [] });
    expect(lines(w)).toEqual(['No databases attached.']);
    expect(w.find('[aria-busy]').exists()).toBe(false);
  });

  it('lists the attached ones, each with Detach, once read', async () => {
    const w = list(undefined);
    await w.setProps({ items: ['db-1', 'db-2'] });
    expect(lines(w)).toEqual(['db-1Detach', 'db-2Detach']);
    await w.findAll('li')[1]!.get('button').trigger('click');
    expect(w.emitted('detach')).toEqual([['db-2']]);
  });
});
