/** The workflows list's columns: name (with an unsaved-edits dot), latest version, deployment. */
import { h } from 'vue';
import type { DataTableColumns } from 'naive-ui';
import { numberSorter, textSorter } from '../../lib/list-index';
import { deploymentWords, type WorkflowSummary } from './shapes/workflow';

/**
 * Beside an open workflow the list is narrow: the latest version goes first (the details show it),
 * the deployment stays while it fits (issue #23: a list keeps its useful columns).
 */
export const WORKFLOW_COLUMNS_DROPPED_FIRST = ['latest'];

export function workflowColumns(unsaved: (w: WorkflowSummary) => boolean): DataTableColumns<WorkflowSummary> {
  const all: DataTableColumns<WorkflowSummary> = [
    {
      key: 'name',
      title: 'Name',
      sorter: textSorter<WorkflowSummary>((w) => w.name),
      defaultSortOrder: 'ascend',
      ellipsis: { tooltip: true },
      minWidth: 140,
      render: (w) =>
        h('span', { class: 'rl-name' }, [
          w.name,
          unsaved(w)
            ? h('span', { class: 'wf-unsaved', title: 'Unsaved edits', 'aria-label': 'unsaved edits' }, ' ●')
            : null,
        ]),
    },
    {
      key: 'latest',
      title: 'Latest version',
      width: 120,
      sorter: numberSorter<WorkflowSummary>((w) => w.latestVersion),
      render: (w) =>
        w.latestVersion !== undefined
          ? h('span', { class: 'zd-mono' }, `v${w.latestVersion}`)
          : h('span', { class: 'zd-muted' }, 'Draft only'),
    },
    {
      key: 'deployment',
      title: 'Deployment',
      minWidth: 180,
      sorter: textSorter<WorkflowSummary>((w) => deploymentWords(w)),
      ellipsis: { tooltip: true },
      render: (w) => h('span', { class: w.deployment.state === 'deployed' ? '' : 'zd-muted' }, deploymentWords(w)),
    },
  ];
  return all;
}
