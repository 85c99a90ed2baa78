/**
 * The zone's last report on the draft turned into what the editor shows: problems placed on the
 * current text (so they follow the node as the text moves), Monaco markers, and the invalid node
 * ids the picture marks.
 */
import { computed, type ComputedRef } from 'vue';
import type { EditorMarker } from '../../../components/CodeEditor.vue';
import { placeProblems, readProblems, type SpecProblem } from './spec-errors';
import type { DraftState } from './workflow-draft';

export interface DraftProblems {
  specWide: ComputedRef<SpecProblem[]>;
  placed: ComputedRef<SpecProblem[]>;
  markers: ComputedRef<EditorMarker[]>;
  invalid: ComputedRef<string[]>;
}

export function useDraftProblems(draft: () => DraftState | undefined): DraftProblems {
  const read = computed(() => {
    const d = draft();
    if (!d || d.parseError || d.report === undefined) return { specWide: [], placed: [] as SpecProblem[] };
    const r = readProblems(d.report);
    return { specWide: r.specWide, placed: r.placed };
  });
  const placed = computed(() => {
    const d = draft();
    if (!d || !read.value.placed.length) return [];
    return placeProblems(d.text, read.value.placed);
  });
  const markers = computed<EditorMarker[]>(() =>
    placed.value.flatMap((p) =>
      p.start === undefined
        ? []
        : [
            {
              start: p.start,
              end: p.end ?? p.start + 1,
              message: p.nodeId !== undefined ? `${p.message} (node ${p.nodeId})` : p.message,
              severity: 'error' as const,
            },
          ],
    ),
  );
  const invalid = computed(() => [...new Set(placed.value.flatMap((p) => (p.nodeId !== undefined ? [p.nodeId] : [])))]);
  return { specWide: computed(() => read.value.specWide), placed, markers, invalid };
}
