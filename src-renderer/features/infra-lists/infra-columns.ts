/** Table columns for the infra lists: name, status, a few resource-specific texts, created. */
import { h } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import { stateTag } from '../../components/state-tag';
import { absoluteTime, relativeTime } from '../../lib/time';
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

/** A field of the raw record as text (numbers too); undefined when absent. */
export function field(r: InfraRow, key: string): string | undefined {
  const v = r.raw[key];
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

export function infraColumns(extra: TextColumn[], now: () => number): DataTableColumns<InfraRow> {
  return [
    {
      key: 'name',
      title: 'Name',
      sorter: byText((r) => r.name),
      defaultSortOrder: 'ascend',
      ellipsis: { tooltip: true },
      minWidth: 100,
      render: (r) => h('span', { class: 'rl-name' }, r.name),
    },
    { key: 'state', title: 'Status', sorter: byText((r) => r.state), width: 124, render: (r) => stateTag(r.state) },
    ...extra.map((c) => ({
      key: c.key,
      title: c.title,
      sorter: byText(c.get),
      ellipsis: { tooltip: true },
      ...(c.width ? { width: c.width } : { minWidth: 120 }),
      render: (r: InfraRow) => {
        const v = c.get(r);
        return v ? h('span', { class: c.mono ? 'zd-mono' : '' }, v) : h('span', { class: 'zd-muted' }, '—');
      },
    })),
    {
      key: 'created',
      title: 'Created',
      width: 100,
      sorter: (a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0),
      render: (r) =>
        r.createdAt
          ? h(
              'time',
              { datetime: r.createdAt.toISOString(), title: absoluteTime(r.createdAt) },
              relativeTime(r.createdAt, now()),
            )
          : h('span', { class: 'zd-muted' }, '—'),
    },
  ];
}
