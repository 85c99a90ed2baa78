/**
 * The files open in a skill's editor tabs, kept per zone and skill in a store so typed text
 * survives switching skills or screens. Each tab remembers the text as loaded from the zone, so a
 * save can tell "changed on the zone since I opened it" (read again, compare) before it overwrites.
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import type { AgentErrorData } from '@contract/errors';
import { toErrorData } from '../../../lib/errors';
import { languageOf } from './skill-language';
import { whatWasKept } from '../shapes/kept';
import { putSkillFile, readSkillContent, readSkillFile, type SkillRef } from './skills';
import { dropZoneKeys, onZoneReset } from '../../../data/zone-gate';

export interface SkillTab {
  path: string;
  language: string;
  /** The zone's text when opened or last saved: what "changed on the zone" is measured against. */
  loaded: string;
  /** The text in the editor. */
  text: string;
  status: 'loading' | 'ready' | 'error' | 'unknown';
  error: AgentErrorData | null;
  /** A read whose reply holds no text Zonedeck can find: the reply and its field names. */
  unknown: { record: unknown; unread: string[] } | null;
  saving: boolean;
  /** The zone's text after a save that it did not keep as sent: what it holds instead. */
  notKept: string | null;
}

export interface SkillTabs {
  tabs: SkillTab[];
  active: string | null;
}

/**
 * What a save found: done; the zone's text differs from what was loaded (null: deleted there); or
 * the zone answered the write but holds other text than was sent (the typed text stays, unsaved).
 */
export type SaveOutcome =
  { kind: 'saved' } | { kind: 'conflict'; zoneText: string | null } | { kind: 'notKept'; zoneText: string };

export const isDirty = (t: SkillTab) => t.status === 'ready' && t.text !== t.loaded;

export const useSkillTabsStore = defineStore('skill-tabs', () => {
  const bySkill = reactive<Record<string, SkillTabs>>({});
  const keyOf = (s: SkillRef) => `${s.zone}|${s.id}`;

  // Open files and their unsaved text are the signed-in person's.
  onZoneReset((zone) => dropZoneKeys(zone, '|', bySkill));

  function tabsOf(s: SkillRef): SkillTabs {
    return (bySkill[keyOf(s)] ??= { tabs: [], active: null });
  }

  function find(s: SkillRef, path: string): SkillTab | undefined {
    return tabsOf(s).tabs.find((t) => t.path === path);
  }

  async function load(s: SkillRef, tab: SkillTab): Promise<void> {
    tab.status = 'loading';
    tab.error = null;
    tab.unknown = null;
    try {
      const c = await readSkillContent(s, tab.path);
      if (!c.ok) {
        Object.assign(tab, { status: 'unknown', unknown: { record: c.record, unread: c.unread } });
        return;
      }
      tab.loaded = c.text;
      tab.text = c.text;
      tab.status = 'ready';
    } catch (e) {
      tab.error = toErrorData(e);
      tab.status = 'error';
    }
  }

  /** Opens (or shows again) a file; its content is read from the zone the first time. */
  async function open(s: SkillRef, path: string): Promise<void> {
    const set = tabsOf(s);
    set.active = path;
    if (find(s, path)) return;
    set.tabs.push({
      path,
      language: languageOf(path),
      loaded: '',
      text: '',
      status: 'loading',
      error: null,
      unknown: null,
      saving: false,
      notKept: null,
    });
    await load(s, find(s, path)!);
  }

  /** A file created here (new file, upload): opened with what was just written, nothing to read. */
  function openWritten(s: SkillRef, path: string, text: string): void {
    const set = tabsOf(s);
    const t = find(s, path);
    if (t) Object.assign(t, { loaded: text, text, status: 'ready', error: null, notKept: null });
    else
      set.tabs.push({
        path,
        language: languageOf(path),
        loaded: text,
        text,
        status: 'ready',
        error: null,
        unknown: null,
        saving: false,
        notKept: null,
      });
    set.active = path;
  }

  function retry(s: SkillRef, path: string): Promise<void> {
    const t = find(s, path);
    return t ? load(s, t) : Promise.resolve();
  }

  function close(s: SkillRef, path: string): void {
    const set = tabsOf(s);
    const i = set.tabs.findIndex((t) => t.path === path);
    if (i < 0) return;
    set.tabs.splice(i, 1);
    if (set.active === path) set.active = set.tabs[Math.min(i, set.tabs.length - 1)]?.path ?? null;
  }

  /** Ctrl/Cmd+S: reads the zone's text first; writes only when it is still what was loaded. */
  async function save(s: SkillRef, path: string): Promise<SaveOutcome> {
    const t = find(s, path);
    if (!t || t.status !== 'ready') return { kind: 'saved' };
    t.saving = true;
    try {
      let zoneText: string | null;
      try {
        zoneText = await readSkillFile(s, path);
      } catch (e) {
        if (toErrorData(e).status !== 404) throw e;
        zoneText = null;
      }
      if (zoneText === t.text) {
        t.loaded = zoneText; // Someone saved the very same text: nothing to write, nothing lost.
        return { kind: 'saved' };
      }
      if (zoneText !== t.loaded) return { kind: 'conflict', zoneText };
      return await write(s, t);
    } finally {
      t.saving = false;
    }
  }

  /**
   * Writes the text, then compares what the zone says it kept (the reply when it carries the
   * text, else a read-back) with what was sent: on a difference the typed text stays, unsaved.
   */
  async function write(s: SkillRef, t: SkillTab): Promise<SaveOutcome> {
    const text = t.text;
    const replied = await putSkillFile(s, t.path, text);
    const kept = await whatWasKept(text, replied, () => readSkillFile(s, t.path));
    if (kept.said !== 'differs') {
      Object.assign(t, { loaded: text, notKept: null });
      return { kind: 'saved' };
    }
    Object.assign(t, { loaded: kept.kept, notKept: kept.kept });
    return { kind: 'notKept', zoneText: kept.kept };
  }

  /** The person chose to overwrite the zone's newer text with theirs. */
  async function overwrite(s: SkillRef, path: string): Promise<SaveOutcome> {
    const t = find(s, path);
    if (!t) return { kind: 'saved' };
    t.saving = true;
    try {
      return await write(s, t);
    } finally {
      t.saving = false;
    }
  }

  /** The person chose the zone's text: it replaces what was typed. */
  function keepZone(s: SkillRef, path: string, zoneText: string): void {
    const t = find(s, path);
    if (t) Object.assign(t, { loaded: zoneText, text: zoneText, notKept: null });
  }

  /** A file renamed here: its tab follows, typed text and all. */
  function renamed(s: SkillRef, from: string, to: string): void {
    const t = find(s, from);
    if (!t) return;
    t.path = to;
    t.language = languageOf(to);
    const set = tabsOf(s);
    if (set.active === from) set.active = to;
  }

  /** Everything typed in this skill's tabs and not saved (to warn before leaving or deleting). */
  function dirtyPaths(s: SkillRef): string[] {
    return tabsOf(s)
      .tabs.filter(isDirty)
      .map((t) => t.path);
  }

  function forget(s: SkillRef): void {
    delete bySkill[keyOf(s)];
  }

  return { tabsOf, find, open, openWritten, retry, close, save, overwrite, keepZone, renamed, dirtyPaths, forget };
});
