/**
 * What each all-zones list shows: the per-zone screen's own columns behind a zone column, the
 * text a filter searches (zone name included), and where a row opens (its screen in its zone).
 */
import type { DataTableColumns } from 'naive-ui';
import type { AreaId } from '../../state/navigation';
import type { AllZonesKind, ZonedRow } from './merged-rows';
import { zoneColumn } from '../../components/list-columns';
import { containerColumns } from '../compute';
import { clusterVersionOf, clusterWorkersOf, infraColumns } from '../infra-lists';
import { workflowColumns } from '../workflows';
import { workspaceColumns } from '../workspaces';
import { statusWords, type WorkspaceSummary } from '../workspaces';
import { deploymentWords, type WorkflowSummary } from '../workflows';
import type { InstanceRow } from '../compute';
import type { InfraRow } from '../infra-lists';

type AnyRow = { key: string };

export interface AllZonesKindInfo {
  title: string;
  /** The per-zone screen a row opens in. */
  area: AreaId;
  section: string;
  columns: (now: () => number) => DataTableColumns<ZonedRow<AnyRow>>;
  filterText: (row: ZonedRow<AnyRow>) => string;
}

/** The kind's own columns, read through the zoned row (which inherits the zone's row). */
function withZone<R extends AnyRow>(cols: DataTableColumns<R>): DataTableColumns<ZonedRow<AnyRow>> {
  return [zoneColumn<ZonedRow<R>>((r) => r.zone), ...(cols as DataTableColumns<ZonedRow<R>>)] as DataTableColumns<
    ZonedRow<AnyRow>
  >;
}

/** A kind's filter text: the zone's name, then the words of the row (read as the kind's row). */
function searched<R extends AnyRow>(words: (row: ZonedRow<R>) => (string | undefined)[]) {
  return (r: ZonedRow<AnyRow>): string =>
    [r.zone.name, ...words(r as unknown as ZonedRow<R>)].filter(Boolean).join(' ');
}
const instanceText = searched<InstanceRow>((c) => [c.name, c.state, c.image, c.host, c.item.key]);
const compute = (title: string, section: string): AllZonesKindInfo => ({
  title,
  area: 'compute',
  section,
  columns: (now) => withZone(containerColumns(now)),
  filterText: instanceText,
});

export const KIND_INFO: Record<AllZonesKind, AllZonesKindInfo> = {
  containers: compute('Containers', 'containers'),
  microvms: compute('MicroVMs', 'microvms'),
  clusters: {
    title: 'Clusters',
    area: 'kubernetes',
    section: 'clusters',
    columns: (now) =>
      withZone(
        infraColumns(
          [
            { key: 'version', title: 'Version', get: (r) => clusterVersionOf(r), mono: true, width: 100 },
            { key: 'workers', title: 'Workers', get: (r) => clusterWorkersOf(r)?.toString(), width: 100 },
          ],
          now,
        ),
      ),
    filterText: searched<InfraRow>((c) => [c.name, c.state, clusterVersionOf(c)]),
  },
  workflows: {
    title: 'Workflows',
    area: 'workflows',
    section: 'workflows',
    columns: () => withZone(workflowColumns(() => false)),
    filterText: searched<WorkflowSummary>((w) => [w.name, w.description, deploymentWords(w)]),
  },
  workspaces: {
    title: 'Workspaces',
    area: 'workspaces',
    section: 'workspaces',
    columns: () => withZone(workspaceColumns()),
    filterText: searched<WorkspaceSummary>((w) => [w.name, statusWords(w.status), w.status, w.repo, w.lastError]),
  },
};
