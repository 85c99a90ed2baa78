/** The repositories list's columns: full name, default branch, private, registered, and a Remove button per row. */
import { h } from 'vue';
import { NButton, NTag, type DataTableColumns } from 'naive-ui';
import { numberSorter, textSorter } from '../../../lib/list-index';
import { nameColumn } from '../../../components/list-columns';
import { absoluteTime, relativeTime } from '../../../lib/time';
import type { RepoRow } from '../shapes/repo-record';

export function repoColumns(remove: (r: RepoRow) => void, busy: () => string): DataTableColumns<RepoRow> {
  return [
    nameColumn<RepoRow>((r) => r.fullName, { title: 'Full name', minWidth: 200, mono: true }),
    {
      key: 'branch',
      title: 'Default branch',
      width: 140,
      sorter: textSorter<RepoRow>((r) => r.defaultBranch),
      render: (r) => (r.defaultBranch ? h('span', { class: 'zd-mono' }, r.defaultBranch) : null),
    },
    {
      key: 'private',
      title: 'Visibility',
      width: 110,
      render: (r) =>
        r.private === undefined
          ? null
          : h(NTag, { size: 'small', bordered: false, type: r.private ? 'default' : 'info' }, () =>
              r.private ? 'Private' : 'Public',
            ),
    },
    {
      key: 'registered',
      title: 'Registered',
      width: 130,
      sorter: numberSorter<RepoRow>((r) => r.registeredAt?.getTime()),
      render: (r) =>
        r.registeredAt ? h('time', { title: absoluteTime(r.registeredAt) }, relativeTime(r.registeredAt)) : null,
    },
    {
      key: 'actions',
      title: '',
      width: 110,
      align: 'right',
      render: (r) =>
        h(
          NButton,
          {
            size: 'tiny',
            quaternary: true,
            type: 'error',
            disabled: !r.id,
            loading: busy() === `remove:${r.key}`,
            'aria-label': `Remove ${r.fullName}`,
            onClick: (e: MouseEvent) => {
              e.stopPropagation();
              remove(r);
            },
          },
          () => 'Remove…',
        ),
    },
  ];
}
