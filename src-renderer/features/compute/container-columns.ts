/**
 * Columns of the containers table: render functions kept out of the view's template. Sorters are keyed
 * (lib/list-index), so 20,000 rows sort on precomputed keys; build the columns once per view.
 */
import { h } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import type { ContainerRow } from '../../lib/tolerant';
import { stateTag } from '../../components/state-tag';
import { absoluteTime, relativeTime } from '../../lib/time';
import { numberSorter, textSorter } from '../../lib/list-index';

const faint = (text: string | undefined) => (text ? text : h('span', { class: 'zd-muted' }, '—'));

export function containerColumns(now: () => number): DataTableColumns<ContainerRow> {
  return [
    {
      key: 'name',
      title: 'Name',
      sorter: textSorter((r) => r.name),
      defaultSortOrder: 'ascend',
      ellipsis: { tooltip: true },
      minWidth: 160,
      render: (r) => h('span', { class: 'rl-name' }, r.name),
    },
    { key: 'state', title: 'Status', sorter: textSorter((r) => r.state), width: 130, render: (r) => stateTag(r.state) },
    {
      key: 'image',
      title: 'Image',
      sorter: textSorter((r) => r.image),
      ellipsis: { tooltip: true },
      minWidth: 160,
      render: (r) => h('span', { class: 'zd-mono' }, faint(r.image)),
    },
    {
      key: 'host',
      title: 'Host',
      sorter: textSorter((r) => r.host),
      ellipsis: { tooltip: true },
      width: 160,
      render: (r) => faint(r.host),
    },
    {
      key: 'created',
      title: 'Created',
      width: 130,
      sorter: numberSorter((r) => r.createdAt?.getTime()),
      render: (r) =>
        r.createdAt
          ? h(
              'time',
              { datetime: r.createdAt.toISOString(), title: absoluteTime(r.createdAt) },
              relativeTime(r.createdAt, now()),
            )
          : faint(undefined),
    },
  ];
}
