/** Columns of the containers table: render functions kept out of the view's template. */
import { h } from 'vue';
import { NTag, type DataTableColumns } from 'naive-ui';
import { stateTone, type ContainerRow } from '../../lib/tolerant';
import { absoluteTime, relativeTime } from '../../lib/time';

const byText = (get: (r: ContainerRow) => string | undefined) => (a: ContainerRow, b: ContainerRow) =>
  (get(a) ?? '').localeCompare(get(b) ?? '', undefined, { numeric: true, sensitivity: 'base' });

const faint = (text: string | undefined) => (text ? text : h('span', { class: 'zd-muted' }, '—'));

export function stateTag(state: string | undefined) {
  if (!state) return h('span', { class: 'zd-muted' }, 'unknown');
  return h(NTag, { size: 'small', type: stateTone(state), bordered: false, round: true }, { default: () => state });
}

export function containerColumns(now: () => number): DataTableColumns<ContainerRow> {
  return [
    {
      key: 'name', title: 'Name', sorter: byText((r) => r.name), defaultSortOrder: 'ascend', ellipsis: { tooltip: true }, minWidth: 160,
      render: (r) => h('span', { class: 'rl-name' }, r.name),
    },
    { key: 'state', title: 'Status', sorter: byText((r) => r.state), width: 130, render: (r) => stateTag(r.state) },
    { key: 'image', title: 'Image', sorter: byText((r) => r.image), ellipsis: { tooltip: true }, minWidth: 160, render: (r) => h('span', { class: 'zd-mono' }, faint(r.image)) },
    { key: 'host', title: 'Host', sorter: byText((r) => r.host), ellipsis: { tooltip: true }, width: 160, render: (r) => faint(r.host) },
    {
      key: 'created', title: 'Created', width: 130,
      sorter: (a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0),
      render: (r) => (r.createdAt
        ? h('time', { datetime: r.createdAt.toISOString(), title: absoluteTime(r.createdAt) }, relativeTime(r.createdAt, now()))
        : faint(undefined)),
    },
  ];
}
