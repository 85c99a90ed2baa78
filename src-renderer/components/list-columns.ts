/**
 * The columns most lists share, made once: name, state, created and zone. Sorters are keyed
 * (lib/list-index), so a 20,000-row list sorts on keys computed once; build columns once per view.
 * A screen adds its own columns between them.
 */
import { h } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import { stateTag } from './state-tag';
import { absoluteTime, relativeTime } from '../lib/time';
import { numberSorter, textSorter } from '../lib/list-index';

export type ListColumn<T> = DataTableColumns<T>[number];

/** A dash for an empty cell, dimmed, so "nothing" reads differently from a word. */
export const emptyCell = () => h('span', { class: 'zd-muted' }, '—');

/** The first column: the row's name, sorted ascending at first. */
export function nameColumn<T>(
  get: (row: T) => string,
  o: { title?: string; minWidth?: number; mono?: boolean } = {},
): ListColumn<T> {
  return {
    key: 'name',
    title: o.title ?? 'Name',
    sorter: textSorter<T>(get),
    defaultSortOrder: 'ascend',
    ellipsis: { tooltip: true },
    minWidth: o.minWidth ?? 100,
    render: (r) => h('span', { class: o.mono ? 'rl-name zd-mono' : 'rl-name' }, get(r)),
  };
}

/** The lifecycle state as a coloured tag (components/state-tag). */
export function stateColumn<T>(get: (row: T) => string | undefined, o: { width?: number } = {}): ListColumn<T> {
  return {
    key: 'state',
    title: 'Status',
    sorter: textSorter<T>(get),
    width: o.width ?? 124,
    render: (r) => stateTag(get(r)),
  };
}

/** When the row was made, relative to `now` (the shared clock, composables/use-now), exact on hover. */
export function createdColumn<T>(
  get: (row: T) => Date | undefined,
  now: () => number,
  o: { width?: number } = {},
): ListColumn<T> {
  return {
    key: 'created',
    title: 'Created',
    width: o.width ?? 100,
    sorter: numberSorter<T>((r) => get(r)?.getTime()),
    render: (r) => {
      const at = get(r);
      // A zone's unreadable date is shown as unknown, not thrown by toISOString.
      return at && Number.isFinite(at.getTime())
        ? h('time', { datetime: at.toISOString(), title: absoluteTime(at) }, relativeTime(at, now()))
        : emptyCell();
    },
  };
}

/** The zone a row comes from (lists across zones): its colour swatch and name. */
export function zoneColumn<T>(get: (row: T) => { name: string; color: string }): ListColumn<T> {
  return {
    key: 'zone',
    title: 'Zone',
    width: 130,
    sorter: textSorter<T>((r) => get(r).name),
    render: (r) =>
      h('span', { class: 'az-zone', style: { '--zone': get(r).color } }, [
        h('span', { class: 'az-swatch', 'aria-hidden': 'true' }),
        get(r).name,
      ]),
  };
}
