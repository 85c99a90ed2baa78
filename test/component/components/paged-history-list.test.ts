/**
 * A paged history loads its next older page only when the person scrolls down near the end of its
 * rows: not for a box that cannot scroll (a hidden one, a cut-off cell), not for a position that
 * only moved up or sideways (the browser clamping it), and the status says how much is loaded.
 */
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, reactive } from 'vue';
import PagedHistoryList from '../../../src-renderer/components/PagedHistoryList.vue';
import type { PagedHistory } from '../../../src-renderer/data';

enableAutoUnmount(afterEach);

function mountHistory() {
  const history = reactive({
    rows: Array.from({ length: 50 }, (_, i) => `run-${i}`),
    loading: false,
    done: false,
    error: null,
    first: { state: { data: {}, error: null }, refresh: () => {} },
    more: vi.fn(async () => {}),
  });
  const wrapper = mount(PagedHistoryList, {
    // In the document, so styles are computed (whether a box scrolls).
    attachTo: document.body,
    // The list reads only these of the history (its first page's resource: state and refresh).
    props: {
      history: history as unknown as PagedHistory<string>,
      one: 'run',
      many: 'runs',
      later: 'scroll for older ones',
      errorTitle: 'x',
      nearEnd: 400,
    },
    slots: {
      default: () =>
        h('div', { class: 'scroller', style: 'overflow-y: auto' }, [
          h('span', { class: 'cell' }, 'a cut-off cell'),
          h('div', { class: 'clipped', style: 'overflow: hidden' }),
        ]),
    },
  });
  return { wrapper, history };
}

/** Sets what the box measures, then fires its scroll event. */
function scroll(el: Element, box: { top: number; height: number; client: number }): void {
  Object.defineProperty(el, 'scrollTop', { configurable: true, value: box.top });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: box.height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: box.client });
  el.dispatchEvent(new Event('scroll'));
}

describe('PagedHistoryList', () => {
  it('says how many rows are loaded and how older ones come', () => {
    const { wrapper } = mountHistory();
    expect(wrapper.get('[role="status"]').text()).toBe('50 runs loaded · scroll for older ones');
  });

  it('loads older rows once the person scrolls down near the end, not while far from it', () => {
    const { wrapper, history } = mountHistory();
    const scroller = wrapper.get('.scroller').element;
    scroll(scroller, { top: 300, height: 1800, client: 300 });
    expect(history.more).not.toHaveBeenCalled();
    scroll(scroller, { top: 1200, height: 1800, client: 300 });
    expect(history.more).toHaveBeenCalledTimes(1);
  });

  it('ignores scroll events of boxes that do not scroll or did not move down', () => {
    const { wrapper, history } = mountHistory();
    // Hidden: every size is 0, so "at the end" by distance alone.
    scroll(wrapper.get('.scroller').element, { top: 0, height: 0, client: 0 });
    // A cell scrolled sideways: as tall as its box.
    scroll(wrapper.get('.cell').element, { top: 0, height: 20, client: 20 });
    // A box clipped, not scrollable by the person, moved down by script or focus.
    scroll(wrapper.get('.clipped').element, { top: 60, height: 400, client: 300 });
    // Clamped up after rows changed, now near the end of a shorter list.
    const scroller = wrapper.get('.scroller').element;
    scroll(scroller, { top: 900, height: 1800, client: 300 });
    expect(history.more).not.toHaveBeenCalled();
    scroll(scroller, { top: 400, height: 900, client: 300 });
    expect(history.more).not.toHaveBeenCalled();
  });
});
