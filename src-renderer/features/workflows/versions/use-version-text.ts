/**
 * The text of one side of a comparison or of the version shown: a published version (from the
 * list when it carries the spec, else read once: versions are frozen) or the draft as edited now.
 */
import { computed, type ComputedRef } from 'vue';
import { useVersion } from './workflow-versions';
import { specText, useWorkflowDraftStore } from '../editor/workflow-draft';
import type { VersionRow } from '../shapes/version-record';
import type { WorkflowRef } from '../workflows';

/** 'draft' or a version number. */
export type Side = 'draft' | number;

export interface SideText {
  text: ComputedRef<string | undefined>;
  loading: ComputedRef<boolean>;
  error: ComputedRef<string | undefined>;
}

export function useSideText(wref: () => WorkflowRef, side: () => Side | null, rows: () => VersionRow[]): SideText {
  const drafts = useWorkflowDraftStore();
  const listed = computed(() => {
    const s = side();
    return typeof s === 'number' ? rows().find((r) => r.number === s) : undefined;
  });
  const fetched = useVersion(() => {
    const s = side();
    if (typeof s !== 'number' || listed.value?.spec !== undefined) return null;
    return { ...wref(), version: s };
  });
  const text = computed(() => {
    const s = side();
    if (s === null) return undefined;
    if (s === 'draft') return drafts.draft(wref())?.text;
    const spec = listed.value?.spec ?? fetched.state.data?.spec;
    return spec === undefined ? undefined : specText(spec);
  });
  return {
    text,
    loading: computed(() => text.value === undefined && fetched.state.status === 'loading'),
    error: computed(() => fetched.state.error?.message),
  };
}
