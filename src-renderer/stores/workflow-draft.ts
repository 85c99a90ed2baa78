/**
 * The draft being edited, per zone and workflow: the text (which outlives the editor tab, so
 * switching tabs or workflows loses nothing), what the zone holds, the zone's latest problems with
 * it (validate as you type, or a refused publish), and save/publish. A draft that changed on the
 * zone while edits are unsaved is held aside as `stale`, never written over the edits.
 */
import { defineStore } from 'pinia';
import { reactive } from 'vue';
import { agent } from '../agent';
import { isAgentErrorData } from '@contract/errors';
import { isRecord, type Raw } from '../lib/tolerant';
import { draftSpecOf } from '../lib/workflow-record';
import { publishedNumberOf } from '../lib/workflow-versions';
import { workflowChanged, workflowReturned, workflowsListChanged, type WorkflowRef } from './workflows';
import { versionsChanged } from './workflow-versions';

export interface DraftState {
  text: string;
  /** The zone's draft as last loaded or saved, as text: `text !== base` means unsaved edits. */
  base: string;
  /** The zone's draft, compact, to notice a change made elsewhere. */
  zoneCanon: string;
  /** The zone's newer draft, held while there are unsaved edits. */
  stale: { text: string; canon: string } | null;
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

/** The draft spec as the editor shows it: pretty JSON, or the zone's text as is. */
export function specText(spec: unknown): string {
  if (spec === undefined) return '{\n  "nodes": [],\n  "edges": []\n}';
  return typeof spec === 'string' ? spec : JSON.stringify(spec, null, 2);
}
function canonOf(spec: unknown): string {
  return typeof spec === 'string' ? spec : JSON.stringify(spec ?? null);
}
function parse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}
const keyOf = (r: WorkflowRef) => `${r.zone}/${r.id}`;

export type PublishResult = { ok: true; version: number | undefined } | { ok: false; message: string };

export const useWorkflowDraftStore = defineStore('workflowDrafts', () => {
  const drafts = reactive<Record<string, DraftState>>({});
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const seq = new Map<string, number>();

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
   * Whether closing the page should ask first. In a browser it shows the browser's own question;
   * Electron without a will-prevent-unload handler would refuse to close without a word, so not there.
   */
  function askBeforeUnload(): boolean {
    return anyDirty() && !agent.desktop;
  }

  /** The zone's record arrived (first read, poll, or a change's reply). */
  function syncFromZone(ref: WorkflowRef, raw: Raw): void {
    const spec = draftSpecOf(raw);
    const canon = canonOf(spec);
    const k = keyOf(ref);
    const d = drafts[k];
    if (!d) {
      const text = specText(spec);
      drafts[k] = {
        text,
        base: text,
        zoneCanon: canon,
        stale: null,
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
    if (canon === d.zoneCanon) return;
    const text = specText(spec);
    if (d.text === d.base) {
      Object.assign(d, { text, base: text, zoneCanon: canon, stale: null });
      schedule(ref, 0);
    } else d.stale = { text, canon };
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
    performance.mark('zd:validate:sent');
    try {
      const reply = await agent.call(ref.zone, 'workflows.validate', {
        params: { id: ref.id },
        body: { spec: parsed.value },
      });
      if (seq.get(k) !== n) return;
      Object.assign(d, { report: reply ?? {}, reportFrom: 'validate', reportText: text, validateFailed: null });
    } catch (e) {
      if (seq.get(k) === n) d.validateFailed = isAgentErrorData(e) ? e.message : String(e);
    } finally {
      if (seq.get(k) === n) d.validating = false;
    }
  }

  /** Saves the text as the zone's draft (it must be JSON; the spec itself may be invalid). */
  async function save(ref: WorkflowRef): Promise<void> {
    const d = draft(ref);
    if (!d) return;
    const text = d.text;
    const parsed = parse(text);
    if (!parsed.ok) throw new Error(`The draft is not valid JSON (${parsed.message}); fix it before saving.`);
    const reply = await agent.call(ref.zone, 'workflows.update', {
      params: { id: ref.id },
      body: { draft_spec: parsed.value },
    });
    Object.assign(d, { base: text, zoneCanon: canonOf(parsed.value), stale: null });
    workflowReturned(ref, reply);
  }

  /** Saves unsaved edits, then publishes; a refused spec (422) shows its problems and keeps the text. */
  async function publish(ref: WorkflowRef): Promise<PublishResult> {
    const d = draft(ref);
    if (!d) return { ok: false, message: 'The draft has not loaded yet.' };
    if (d.text !== d.base) await save(ref);
    try {
      const reply = await agent.call(ref.zone, 'workflows.publish', { params: { id: ref.id } });
      versionsChanged(ref);
      workflowChanged(ref);
      return { ok: true, version: publishedNumberOf(reply) };
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
    Object.assign(d, { zoneCanon: d.stale.canon, base: d.stale.text, stale: null });
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

/** A new workflow's first draft: small and valid, so the picture and publish work from the start. */
export const STARTER_SPEC = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'answer', type: 'llm', prompt: 'Answer briefly: {{input}}', model: 'sandbox-small' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'answer' },
    { from: 'answer', to: 'out' },
  ],
};

/** Creates a workflow with the starter draft; returns its id when the zone gave one. */
export async function createWorkflow(zone: string, name: string, description: string): Promise<string | undefined> {
  const reply = await agent.call(zone, 'workflows.create', {
    body: { name, ...(description ? { description } : {}), draft_spec: STARTER_SPEC },
  });
  const rec = isRecord(reply) ? reply : {};
  const id = typeof rec.id === 'string' ? rec.id : typeof rec.uuid === 'string' ? rec.uuid : undefined;
  if (id) workflowReturned({ zone, id }, rec);
  else workflowsListChanged(zone);
  return id;
}
