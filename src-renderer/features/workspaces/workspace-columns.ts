/** The workspaces list's columns: name, status as a coloured state, last error in the row, repository. */
import { h } from 'vue';
import { NTag, type DataTableColumns } from 'naive-ui';
import { textSorter } from '../../lib/list-index';
import { nameColumn } from '../../components/list-columns';
import { statusTone, statusWords, type WorkspaceSummary } from './shapes/workspace-record';

/** `compact`: beside an open workspace, whose pane shows the rest, only name and status. */
export function workspaceColumns(compact = false): DataTableColumns<WorkspaceSummary> {
  const all: DataTableColumns<WorkspaceSummary> = [
    nameColumn<WorkspaceSummary>((w) => w.name, { minWidth: 140 }),
    {
      key: 'status',
      title: 'Status',
      width: 120,
      sorter: textSorter<WorkspaceSummary>((w) => w.status ?? ''),
      render: (w) =>
        h(NTag, { size: 'small', bordered: false, type: statusTone(w.status) }, () => statusWords(w.status)),
    },
    {
      key: 'error',
      title: 'Last error',
      minWidth: 180,
      ellipsis: { tooltip: true },
      render: (w) => (w.lastError ? h('span', { class: 'ws-error' }, w.lastError) : null),
    },
    {
      key: 'repo',
      title: 'Repository',
      minWidth: 150,
      sorter: textSorter<WorkspaceSummary>((w) => w.repo ?? ''),
      ellipsis: { tooltip: true },
      render: (w) => (w.repo ? h('span', { class: 'zd-mono' }, w.repo) : null),
    },
  ];
  return compact ? all.slice(0, 2) : all;
}
