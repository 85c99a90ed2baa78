/**
 * The draft being edited, per zone and workflow: the text (which outlives the editor tab, so
 * switching tabs or workflows loses nothing), what the zone holds, the zone's latest problems with
 * it (validate as you type, or a refused publish), and save/publish. A draft that changed on the
 * zone while edits are unsaved is held aside as `stale`, never written over the edits.
 */
import { probeMark } from '@contract/test-probe';
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { agent } from '../../../agent';
import { isAgentErrorData } from '@contract/errors';
import type { Raw } from '../../../lib/tolerant';
import { whatWasKept } from '../shapes/kept';
import {
  canonSpec,
  draftBody,
  publishedVersionOf,
  readDraft,
  validateBody,
  workflowOf,
  WORKFLOW_FIELDS,
} from '../shapes/workflow';
import { unreadFields } from '../../../shapes/words';
import { workflowChanged, workflowRecords, workflowReturned, type WorkflowRef } from '../workflows';
import { versionsChanged } from '../versions/workflow-versions';
import { dropZoneKeys, onZoneReset } from '../../../data/zone-gate';
import { parse, specText } from './spec-text';

export { specText };

export interface DraftState {
  text: string;
  /** The zone's draft as last loaded or saved, as text: `text !== base` means unsaved edits. */
  base: string;
  /** The zone's draft, compact, to notice a change made elsewhere. */
  zoneCanon: string;
  /**
   * The zone's draft where it differs from the editor's text, never written over the text:
   * changed elsewhere while edits were unsaved (or just saved), or what the zone kept instead of
   * what was just saved.
   */
  stale: { text: string; canon: string; kind: 'elsewhere' | 'notKept' } | null;
  /** The zone's record shows no draft Zonedeck can find: its field names, for UnknownShape. */
  unreadable: { record: Raw; unread: string[] } | null;
  /** When the last save ended, and the zone's draft before it (an older read still arriving is no change). */
  savedAt: number;
  preSaveCanon: string | null;
  /** The zone's last word on `reportText`: a validate reply or a refused publish's body. */
  report: unknown;
  /** Which lint it was, for the problems list's words. */
  reportFrom: 'validate' | 'publish' | null;
  reportText: string;
  /** Why the text is not JSON (then nothing is sent to the zone). */
  parseError: string | null;
  validating: boolean;
  /** Why the last validate failed to reach an answer. */
  validateFailed: string | null;
}

export const VALIDATE_DELAY = 400;

/** A read that began before a save may land after it: for this long a differing record is held aside, not taken. */
export const JUST_SAVED_MS = 20_000;
const keyOf = (r: WorkflowRef) => `${r.zone}/${r.id}`;

export type PublishResult = { ok: true; version: number | undefined } | { ok: false; message: string; notKept?: true };
/** A save: kept as sent (or the zone shows nothing to compare), or the zone holds another draft. */
export type DraftSaveResult = { kept: true } | { kept: false; zoneText: string };

export const useWorkflowDraftStore = defineStore('workflowDrafts', () => {
  const drafts = reactive<Record<string, DraftState>>({});
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const seq = new Map<string, number>();
  /** The zone's workflow record as last seen: the names a save writes under. */
  const records = new Map<string, Raw>();

  // Drafts are the signed-in person's: gone at sign-out or another identity (a pending validate finds none).
  onZoneReset((zone) => dropZoneKeys(zone, '/', drafts, timers, seq, records));

  function draft(ref: WorkflowRef): DraftState | undefined {
    return drafts[keyOf(ref)];
  }
  function isDirty(ref: WorkflowRef): boolean {
    const d = draft(ref);
    return !!d && d.text !== d.base;
  }
  function anyDirty(): boolean {
    return Object.values(drafts).some((d) => d.text !== d.base);
  }
  /**
   * Whether closing the page should ask first: the browser asks its own question; Electron's host
   * asks natively on will-prevent-unload (src-main/electron/dialogs.ts).
   */
  function askBeforeUnload(): boolean {
    return anyDirty();
  }

  /** The zone's record arrived (first read, poll, or a change's reply). It never replaces unsaved or just-saved text. */
  function syncFromZone(ref: WorkflowRef, raw: Raw): void {
    const k = keyOf(ref);
    records.set(k, raw);
    const reading = readDraft(raw);
    const d = drafts[k];
    const unreadable = reading.found ? null : { record: raw, unread: unreadFields(raw, WORKFLOW_FIELDS) };
    if (!d) {
      const spec = reading.found ? reading.spec : undefined;
      const text = specText(spec);
      drafts[k] = {
        text,
        base: text,
        zoneCanon: reading.found ? canonSpec(spec) : '',
        stale: null,
        unreadable,
        savedAt: 0,
        preSaveCanon: null,
        report: undefined,
        reportFrom: null,
        reportText: '',
        parseError: null,
        validating: false,
        validateFailed: null,
      };
      // After the debounce, not at once: opening a big draft should not wait on sending it.
      schedule(ref, VALIDATE_DELAY);
      return;
    }
    d.unreadable = unreadable;
    // A record without a draft (a partial reply, an unknown shape) says nothing about the draft.
    if (!reading.found) return;
    const canon = canonSpec(reading.spec);
    if (canon === d.zoneCanon) return;
    const justSaved = Date.now() - d.savedAt < JUST_SAVED_MS;
    if (justSaved && canon === d.preSaveCanon) return;
    const text = specText(reading.spec);
    if (d.text === d.base && !justSaved) {
      Object.assign(d, { text, base: text, zoneCanon: canon, stale: null });
      schedule(ref, 0);
    } else d.stale = { text, canon, kind: 'elsewhere' };
  }

  function setText(ref: WorkflowRef, text: string): void {
    const d = draft(ref);
    if (!d || d.text === text) return;
    d.text = text;
    schedule(ref, VALIDATE_DELAY);
  }

  function schedule(ref: WorkflowRef, delay: number): void {
    const k = keyOf(ref);
    clearTimeout(timers.get(k));
    timers.set(
      k,
      setTimeout(() => void validate(ref), delay),
    );
  }

  /** Lints the text as it stands; a reply for an older text is dropped. */
  async function validate(ref: WorkflowRef): Promise<void> {
    const k = keyOf(ref);
    const d = drafts[k];
    if (!d) return;
    const text = d.text;
    const parsed = parse(text);
    if (!parsed.ok) {
      Object.assign(d, { parseError: parsed.message, report: undefined, reportFrom: null, reportText: text });
      d.validating = false;
      return;
    }
    d.parseError = null;
    const n = (seq.get(k) ?? 0) + 1;
    seq.set(k, n);
    d.validating = true;
    probeMark('zd:validate:sent');
    try {
      const lint = validateBody(parsed.value);
      const reply = await agent.call(ref.zone, 'workflows.validate', {
        params: { id: ref.id },
        body: lint.values,
        words: { body: lint.words },
      });
      if (seq.get(k) !== n) return;
      Object.assign(d, { report: reply ?? {}, reportFrom: 'validate', reportText: text, validateFailed: null });
    } catch (e) {
      if (seq.get(k) === n) d.validateFailed = isAgentErrorData(e) ? e.message : String(e);
    } finally {
      if (seq.get(k) === n) d.validating = false;
    }
  }

  /**
   * Saves the text as the zone's draft (it must be JSON; the spec itself may be invalid), under
   * the name the zone's record keeps it, then compares what the zone kept (the reply, else a
   * read-back) with what was sent. On a difference the text stays in the editor, unsaved, and
   * the zone's draft is held aside to be seen.
   */
  async function save(ref: WorkflowRef): Promise<DraftSaveResult> {
    const k = keyOf(ref);
    const d = draft(ref);
    if (!d) return { kept: true };
    const text = d.text;
    const parsed = parse(text);
    if (!parsed.ok) throw new Error(`The draft is not valid JSON (${parsed.message}); fix it before saving.`);
    const { values, words } = draftBody(parsed.value, records.get(k), workflowRecords(ref.zone));
    Object.assign(d, { preSaveCanon: d.zoneCanon, savedAt: Date.now() });
    const res = await agent.send(ref.zone, 'workflows.update', {
      params: { id: ref.id },
      body: values,
      words: { body: words },
    });
    let rec = workflowOf(res.data);
    const fromReply = readDraft(rec);
    const sent = canonSpec(parsed.value);
    const kept = await whatWasKept(sent, fromReply.found ? canonSpec(fromReply.spec) : undefined, async () => {
      rec = workflowOf(await agent.call(ref.zone, 'workflows.get', { params: { id: ref.id } }));
      const back = readDraft(rec);
      return back.found ? canonSpec(back.spec) : undefined;
    });
    d.savedAt = Date.now();
    if (kept.said !== 'differs') {
      Object.assign(d, { base: text, zoneCanon: sent, stale: null });
      if (rec) workflowReturned(ref, rec);
      return { kept: true };
    }
    const r = readDraft(rec);
    const zoneText = specText(r.found ? r.spec : undefined);
    Object.assign(d, {
      base: zoneText,
      zoneCanon: kept.kept,
      stale: { text: zoneText, canon: kept.kept, kind: 'notKept' },
    });
    if (rec) workflowReturned(ref, rec);
    return { kept: false, zoneText };
  }

  /** Saves unsaved edits, then publishes; a refused spec (422) shows its problems and keeps the text. */
  async function publish(ref: WorkflowRef): Promise<PublishResult> {
    const d = draft(ref);
    if (!d) return { ok: false, message: 'The draft has not loaded yet.' };
    if (d.text !== d.base && !(await save(ref)).kept)
      return {
        ok: false,
        message: 'The zone did not keep the draft you saved, so nothing was published',
        notKept: true,
      };
    try {
      const reply = await agent.call(ref.zone, 'workflows.publish', { params: { id: ref.id } });
      versionsChanged(ref);
      workflowChanged(ref);
      return { ok: true, version: publishedVersionOf(reply) };
    } catch (e) {
      if (!isAgentErrorData(e) || e.status !== 422) throw e;
      const body = { error: e.code, message: e.message, ...e.details };
      Object.assign(d, { report: body, reportFrom: 'publish', reportText: d.text });
      return { ok: false, message: e.message };
    }
  }

  /** Takes the zone's newer draft, dropping the unsaved edits. */
  function takeZone(ref: WorkflowRef): void {
    const d = draft(ref);
    if (!d?.stale) return;
    Object.assign(d, { text: d.stale.text, base: d.stale.text, zoneCanon: d.stale.canon, stale: null });
    schedule(ref, 0);
  }
  /** Keeps the edits; the next save writes over the zone's newer draft. */
  function keepMine(ref: WorkflowRef): void {
    const d = draft(ref);
    if (!d?.stale) return;
    Object.assign(d, { zoneCanon: d.stale.canon, base: d.stale.text, stale: null, savedAt: 0 });
  }
  /** Drops the unsaved edits. */
  function revert(ref: WorkflowRef): void {
    const d = draft(ref);
    if (d) setText(ref, d.base);
  }

  return {
    drafts,
    draft,
    isDirty,
    anyDirty,
    askBeforeUnload,
    syncFromZone,
    setText,
    validate,
    save,
    publish,
    takeZone,
    keepMine,
    revert,
  };
});
