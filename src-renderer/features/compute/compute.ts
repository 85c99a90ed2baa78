/**
 * Containers and microVMs per zone as live list resources: read through list.poll (the agent sends
 * only what changed), polled while a screen watches and the window shows — every 3 s, less often
 * for a long list (lib/list-poll-every) — rows merged so unchanged rows keep their object (no
 * flicker, scroll and selection stay).
 */
import type { Raw } from '@contract/tolerant';
import {
  listResource,
  putListRow,
  removeListRow,
  useResource,
  type KeyFilter,
  type ResourceDef,
  type ResourceView,
} from '../../data';
import { toContainerRow, type ContainerRow } from '../../lib/tolerant';
import type { ComputeKind } from './compute-kinds';
import { listPollMs } from '../../lib/list-poll-every';
import type { RecordKind } from '@contract/dictionary/record-kinds';

export type InstanceRow = ContainerRow;

const POLL_MS = (rows: InstanceRow[] | undefined) => listPollMs(rows?.length ?? 0);

/** What one record of each list is, in the zone's dictionary. */
export const RECORD_KIND = { containers: 'container', microvms: 'microvm' } as const satisfies Record<
  ComputeKind,
  RecordKind
>;

const COMPUTE_LISTS: Record<ComputeKind, ResourceDef<InstanceRow[], string>> = {
  containers: listResource('containers.list', { toRow: toContainerRow, kind: 'container', poll: POLL_MS }),
  microvms: listResource('microvms.list', { toRow: toContainerRow, kind: 'microvm', poll: POLL_MS }),
};

/** The list of one kind in the zone `zone()` names, watched while the calling screen lives. */
export function useComputeList(kind: ComputeKind, zone: () => string | null): ResourceView<InstanceRow[]> {
  return useResource(COMPUTE_LISTS[kind], zone);
}

/** The filter that re-reads a kind's list in a zone. */
export function computeListKey(kind: ComputeKind, zone: string): KeyFilter {
  return { zone, name: COMPUTE_LISTS[kind].name };
}

/** Puts a record an action returned into the list now, without waiting for the next poll. */
export function putInstance(kind: ComputeKind, zone: string, raw: Raw): void {
  putListRow(COMPUTE_LISTS[kind], zone, raw, toContainerRow, RECORD_KIND[kind]);
}

/** Takes a deleted instance out of the list now. */
export function removeInstance(kind: ComputeKind, zone: string, id: string): void {
  removeListRow(COMPUTE_LISTS[kind], zone, id);
}
