/**
 * Saving a skill file: the zone is checked first; a file changed there, or a save the zone answered
 * but kept otherwise, opens the conflict dialog with both texts, and the typed text is never lost.
 */
import { computed, ref } from 'vue';
import { useMessage } from '../../../composables/feedback';
import { smallPrint, toErrorData } from '../../../lib/errors';
import { useSkillTabsStore, type SkillTab } from './skill-tabs';
import type { SkillRef } from './skills';

export function useSkillSave(skill: () => SkillRef, active: () => SkillTab | null) {
  const store = useSkillTabsStore();
  const message = useMessage();

  const conflict = ref<{ path: string; zoneText: string | null; mine: string; language: string } | null>(null);
  const conflictShown = computed({
    get: () => conflict.value !== null,
    set: (v: boolean) => {
      if (!v) conflict.value = null;
    },
  });
  const writing = ref(false);

  async function save(t: SkillTab | null = active()): Promise<void> {
    if (!t || t.saving || t.status !== 'ready') return;
    try {
      const out = await store.save(skill(), t.path);
      if (out.kind === 'conflict')
        conflict.value = { path: t.path, zoneText: out.zoneText, mine: t.text, language: t.language };
      else if (out.kind === 'notKept') notKeptSaid(t);
      else message.success(`Saved ${t.path}`);
    } catch (e) {
      const err = toErrorData(e);
      message.error(`${t.path} was not saved: ${err.message} (${smallPrint(err)})`, { duration: 8000 });
    }
  }

  async function overwrite(): Promise<void> {
    const c = conflict.value;
    if (!c) return;
    writing.value = true;
    try {
      const out = await store.overwrite(skill(), c.path);
      conflict.value = null;
      if (out.kind === 'notKept') notKeptSaid(c);
      else message.success(`Saved ${c.path} over the zone’s version`);
    } catch (e) {
      const err = toErrorData(e);
      message.error(`${c.path} was not saved: ${err.message} (${smallPrint(err)})`, { duration: 8000 });
    } finally {
      writing.value = false;
    }
  }

  /** The zone answered the save but holds other text: the typed text stays, marked unsaved. */
  const notKeptSaid = (t: { path: string }) =>
    message.warning(`The zone did not keep ${t.path} as sent: your text is still here, unsaved.`, { duration: 8000 });
  /** What the zone kept beside the typed text, in the conflict dialog. */
  function showKept(t: SkillTab): void {
    if (t.notKept !== null) conflict.value = { path: t.path, zoneText: t.notKept, mine: t.text, language: t.language };
  }

  function keepZone(): void {
    const c = conflict.value;
    if (c?.zoneText != null) store.keepZone(skill(), c.path, c.zoneText);
    conflict.value = null;
  }

  return { conflict, conflictShown, writing, save, overwrite, showKept, keepZone };
}
