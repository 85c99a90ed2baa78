/** Table columns for the infra lists: name, status, a few resource-specific texts, created. */
import { h } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import { createdColumn, emptyCell, nameColumn, stateColumn } from '../../components/list-columns';
import type { InfraRow } from './infra';
import { textSorter } from '../../lib/list-index';

export interface TextColumn {
  key: string;
  title: string;
  get: (r: InfraRow) => string | undefined;
  mono?: boolean;
  width?: number;
}

/** Keyed sorters: one collation key per row, computed once (see lib/list-index). */
const byText = (get: (r: InfraRow) => string | undefined) => textSorter<InfraRow>(get);

export function infraColumns(extra: TextColumn[], now: () => number): DataTableColumns<InfraRow> {
  return [
    nameColumn<InfraRow>((r) => r.name),
    stateColumn<InfraRow>((r) => r.state),
    ...extra.map((c) => ({
      key: c.key,
      title: c.title,
      sorter: byText(c.get),
      ellipsis: { tooltip: true },
      ...(c.width ? { width: c.width } : { minWidth: 120 }),
      render: (r: InfraRow) => {
        const v = c.get(r);
        return v ? h('span', { class: c.mono ? 'zd-mono' : '' }, v) : emptyCell();
      },
    })),
    createdColumn<InfraRow>((r) => r.createdAt, now),
  ];
}
