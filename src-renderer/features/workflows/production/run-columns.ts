/** Columns of the run history table (newest first, as the zone pages it: no sorting of our own). */
import { h } from 'vue';
import { tableColumns, type TableColumn } from '../../../components/table-columns';
import type { RunSummary } from '../shapes/run-record';
import { absoluteTime, relativeTime } from '../../../lib/time';
import { toneOf } from '@contract/state-vocabulary';
import './pill.css';

/**
 * A plain span with StatusPill's global classes, not NTag (which sets ~30 CSS variables per cell)
 * and not a component per row: scrolling 10,000 rows paid for both.
 */
const statusCell = (s: string | undefined) =>
  s
    ? h('span', { class: `wf-pill ${toneOf(s, 'run')}` }, s.replace(/_/g, ' '))
    : h('span', { class: 'zd-muted' }, 'unknown');
const faint = (text: string | undefined) => (text ? text : h('span', { class: 'zd-muted' }, '—'));
const when = (d: Date | undefined, now: () => number) =>
  d ? h('time', { datetime: d.toISOString(), title: absoluteTime(d) }, relativeTime(d, now())) : faint(undefined);

/** In a narrow pane these go first, so a failed run's error stays in view. */
export const RUN_COLUMNS_DROPPED_FIRST = ['runner', 'version', 'finished', 'created'];

export function runColumns(now: () => number): TableColumn[] {
  return tableColumns<RunSummary>([
    {
      key: 'id',
      title: 'Run',
      width: 132,
      render: (r) => h('span', { class: 'zd-mono', title: r.id }, r.id ? r.id.slice(-12) : r.key),
    },
    { key: 'status', title: 'Status', width: 150, render: (r) => statusCell(r.status) },
    {
      key: 'version',
      title: 'Version',
      width: 80,
      render: (r) => faint(r.version !== undefined ? `v${r.version}` : undefined),
    },
    { key: 'runner', title: 'Runner', width: 90, render: (r) => faint(r.runner) },
    { key: 'created', title: 'Started', width: 110, render: (r) => when(r.createdAt, now) },
    { key: 'finished', title: 'Finished', width: 110, render: (r) => when(r.finishedAt, now) },
    { key: 'error', title: 'Error', minWidth: 100, render: (r) => faint(r.error) },
  ]);
}
