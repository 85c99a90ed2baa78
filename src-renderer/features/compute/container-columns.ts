/**
 * Columns of the containers table: render functions kept out of the view's template. Sorters are keyed
 * (lib/list-index), so 20,000 rows sort on precomputed keys; build the columns once per view.
 */
import { h } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import type { ContainerRow } from '../../lib/tolerant';
import { createdColumn, emptyCell, nameColumn, stateColumn } from '../../components/list-columns';
import { textSorter } from '../../lib/list-index';

const faint = (text: string | undefined) => text || emptyCell();

export function containerColumns(now: () => number): DataTableColumns<ContainerRow> {
  return [
    nameColumn<ContainerRow>((r) => r.name, { minWidth: 160 }),
    stateColumn<ContainerRow>((r) => r.state, { width: 130 }),
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
    createdColumn<ContainerRow>((r) => r.createdAt, now, { width: 130 }),
  ];
}
