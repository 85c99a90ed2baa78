/**
 * One body row of VirtualTable. A component of its own so Vue skips it when its props did not change:
 * on a live refresh rows keep their objects (diffed by id), so only changed rows render again.
 * Cells use the Naive UI column's `render(row, index)`, or the row's field named by `key`.
 * The table recycles rows as it scrolls: when this one shows another row, the cut-off titles its
 * cells were given on hover (VirtualTable's onOver) are dropped, or they would name the old row,
 * and it lets go of the focus (the focused row left the view, as when its element was removed).
 */
import { defineComponent, h, onUpdated, ref, type PropType, type VNodeChild } from 'vue';
import type { TableColumn } from './table-columns';

export default defineComponent({
  name: 'VirtualRow',
  props: {
    row: { type: Object, required: true },
    index: { type: Number, required: true },
    rowKey: { type: String, required: true },
    columns: { type: Array as PropType<readonly TableColumn[]>, required: true },
    selected: Boolean,
  },
  setup(props) {
    const el = ref<HTMLElement | null>(null);
    let shown = props.rowKey;
    onUpdated(() => {
      if (props.rowKey === shown) return;
      shown = props.rowKey;
      const tr = el.value;
      if (!tr) return;
      for (const td of tr.children) if (td.hasAttribute('title')) td.removeAttribute('title');
      if (document.activeElement === tr) tr.blur();
    });
    return () =>
      h(
        'tr',
        {
          ref: el,
          class: ['vt-row', props.selected && 'vt-selected'],
          'data-key': props.rowKey,
          // The header is row 1; rows out of view are not in the DOM, so say where this one is.
          'aria-rowindex': props.index + 2,
          tabindex: 0,
        },
        props.columns.map((c) =>
          h('td', { class: ['vt-td', c.align && `vt-${c.align}`] }, [
            c.render
              ? (c.render(props.row, props.index) as VNodeChild)
              : String((props.row as Record<string, unknown>)[c.key] ?? ''),
          ]),
        ),
      );
  },
});
