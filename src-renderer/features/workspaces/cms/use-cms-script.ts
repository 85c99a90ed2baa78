/**
 * The editor's script read as the user types: its commands, the editor markers (errors at their
 * column, a warning on install lines, a note on a dropped `wp`) and the command under the cursor.
 */
import { computed, ref, type Ref } from 'vue';
import type { EditorMarker } from '../../../components/CodeEditor.vue';
import { commandAt, errorAt, lineOf, parseScript } from './cms-command-line';
import { installLine, installWarning } from './cms-install-warning';

export function useCmsScript(text: Ref<string>) {
  const script = computed(() => parseScript(text.value));
  /** Text offset of the cursor. */
  const cursor = ref(0);

  const markers = computed<EditorMarker[]>(() => {
    const out: EditorMarker[] = script.value.errors.map((e) => ({
      start: e.start,
      end: Math.max(e.end, e.start + 1),
      message: e.message,
    }));
    for (const c of script.value.commands) {
      const inst = installLine(c.args);
      if (inst) {
        const [k, v] = inst.at;
        out.push({
          start: c.words[k]!.start,
          end: c.words[v]!.end,
          message: installWarning(inst),
          severity: 'warning',
        });
      }
      if (c.note) out.push({ start: c.start, end: c.start + 2, message: c.note, severity: 'info' });
    }
    return out;
  });

  const here = computed(() => commandAt(script.value, text.value, cursor.value));
  const hereError = computed(() => errorAt(script.value, text.value, cursor.value));
  const hereLine = computed(() => lineOf(text.value, cursor.value));

  return { script, cursor, markers, here, hereError, hereLine };
}
