/**
 * Version choices for deploy and canary: published versions are numbered 1..latest, newest first.
 * When the workflow's record does not show its latest version, the zone's versions list gives them.
 */
import { computed, type ComputedRef } from 'vue';
import type { SelectOption } from 'naive-ui';
import { useVersions } from '../versions/workflow-versions';
import type { WorkflowRef } from '../workflows';

export function versionOptions(latest: number | undefined): SelectOption[] {
  if (latest === undefined || latest < 1) return [];
  const n = Math.min(Math.floor(latest), 500);
  return Array.from({ length: n }, (_, i) => ({ label: `v${n - i}`, value: n - i }));
}

/** The latest version: the record's word, else the newest of the zone's versions list. */
export function useLatestVersion(
  ref: () => WorkflowRef,
  fromRecord: () => number | undefined,
): ComputedRef<number | undefined> {
  const versions = useVersions(() => (fromRecord() === undefined ? ref() : null));
  return computed(() => fromRecord() ?? versions.state.data?.[0]?.number);
}
