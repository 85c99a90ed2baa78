/**
 * "Copy to zone…" against the zones: read the source and the target into a plan (copy-plan.ts),
 * then send the items in the target zone's words (shapes writers, learned through the stores'
 * writes) and read back what the zone kept of each. Nothing is published or deployed here.
 */
import type { Raw } from '@contract/tolerant';
import { agent } from '../../agent';
import { readRows, storedReader } from '../../data';
import { listOf, recordOf, toContainerRow } from '../../lib/tolerant';
import {
  canonSpec,
  createBody,
  createSkill,
  draftBody,
  draftSpecOf,
  putSkillFile,
  readDraft,
  readSkillFile,
  skillFilesChanged,
  toSkillRow,
  toWorkflowSummary,
  whatWasKept,
  workflowIdOf,
  workflowOf,
  workflowReturned,
  workflowsListChanged,
} from '../workflows';
import { readConfigVars, replaceConfigVars } from '../compute';
import { toErrorData } from '../../lib/errors';
import { docText } from './compare-readers';
import { skillFiles } from './compare-sources';
import { findByName } from './compare-table';
import { planItems, reportOf, type CopyItem, type ItemReport } from './copy-plan';
import { looksSecret } from './secret-keys';

export type CopyKind = 'skill' | 'workflow' | 'container' | 'microvm';

export interface CopyPlan {
  kind: CopyKind;
  name: string;
  to: string;
  /** The target's record id when it already holds one by this name. */
  targetId: string | undefined;
  items: CopyItem[];
  onlyInTarget: string[];
  /** The workflow draft as the source holds it (sent as is, not re-parsed from its text). */
  spec?: unknown;
  /** Why the copy cannot go ahead (an instance absent from the target cannot be created by a copy). */
  blocked?: string;
}

export interface CopyDone {
  reports: ItemReport[];
  /** Where the copy landed, to open it (and publish, deploy or restart from there). */
  targetId: string | undefined;
}

const DRAFT = 'Draft';

async function planSkill(from: { zone: string; id: string }, name: string, to: string): Promise<CopyPlan> {
  const source = Object.fromEntries((await skillFiles(from.zone, from.id)).map((f) => [f.path, f.text]));
  const hit = findByName(
    readRows(to, 'skill', listOf(await agent.call(to, 'skills.list')), toSkillRow),
    (r) => r.name,
    name,
  );
  const target = hit?.id ? Object.fromEntries((await skillFiles(to, hit.id)).map((f) => [f.path, f.text])) : undefined;
  return { kind: 'skill', name, to, targetId: hit?.id, ...planItems(source, target) };
}

async function workflowRecord(zone: string, id: string): Promise<Raw> {
  const reply = await agent.call(zone, 'workflows.get', { params: { id } });
  return workflowOf(reply) ?? recordOf(reply);
}

async function planWorkflow(from: { zone: string; id: string }, name: string, to: string): Promise<CopyPlan> {
  const spec = draftSpecOf(await workflowRecord(from.zone, from.id));
  const rows = readRows(to, 'workflow', listOf(await agent.call(to, 'workflows.list')), toWorkflowSummary);
  const hit = findByName(rows, (r) => r.name, name);
  const target = hit?.id ? { [DRAFT]: docText(draftSpecOf(await workflowRecord(to, hit.id))) } : undefined;
  return { kind: 'workflow', name, to, targetId: hit?.id, spec, ...planItems({ [DRAFT]: docText(spec) }, target) };
}

async function planVars(
  kind: 'container' | 'microvm',
  from: { zone: string; id: string },
  name: string,
  to: string,
): Promise<CopyPlan> {
  const plural = kind === 'container' ? 'containers' : 'microvms';
  const source = (await readConfigVars(plural, from)).vars;
  const rows = readRows(to, kind, listOf(await agent.call(to, `${plural}.list`)), toContainerRow);
  const hit = findByName(rows, (r) => r.name, name);
  if (!hit?.id)
    return {
      kind,
      name,
      to,
      targetId: undefined,
      items: [],
      onlyInTarget: [],
      blocked: `There is no ${kind} named ${name} in that zone: create it there first, then copy its config vars.`,
    };
  const target = (await readConfigVars(plural, { zone: to, id: hit.id })).vars;
  return { kind, name, to, targetId: hit.id, ...planItems(source, target, looksSecret) };
}

/** What the copy would do, read from both zones now. */
export function planCopy(
  kind: CopyKind,
  from: { zone: string; id: string },
  name: string,
  to: string,
): Promise<CopyPlan> {
  if (kind === 'skill') return planSkill(from, name, to);
  if (kind === 'workflow') return planWorkflow(from, name, to);
  return planVars(kind, from, name, to);
}

async function copySkill(plan: CopyPlan, description: string | undefined): Promise<CopyDone> {
  let id = plan.targetId;
  if (!id) {
    const record = await createSkill(plan.to, { name: plan.name, ...(description ? { description } : {}) });
    const created = toSkillRow(record, 0, storedReader(plan.to, 'skill', record));
    id = created.id;
    if (!id) throw new Error(`${plan.to} created the skill but did not say its id; open Skills there to see it.`);
  }
  const ref = { zone: plan.to, id };
  const reports: ItemReport[] = [];
  for (const item of plan.items) {
    if (item.change === 'same') {
      reports.push({ label: item.label, outcome: 'skipped' });
      continue;
    }
    try {
      const stored = await putSkillFile(ref, item.label, item.after, true);
      reports.push(reportOf(item.label, await whatWasKept(item.after, stored, () => readSkillFile(ref, item.label))));
    } catch (e) {
      reports.push({ label: item.label, outcome: 'failed', detail: toErrorData(e).message });
    }
  }
  skillFilesChanged(ref);
  return { reports, targetId: id };
}

async function copyWorkflow(plan: CopyPlan, description: string | undefined): Promise<CopyDone> {
  const item = plan.items[0]!;
  if (item.change === 'same') return { reports: [{ label: DRAFT, outcome: 'skipped' }], targetId: plan.targetId };
  const spec = plan.spec;
  const others = listOf(await agent.call(plan.to, 'workflows.list'));
  let id = plan.targetId;
  let reply: unknown;
  if (id) {
    const own = await workflowRecord(plan.to, id);
    const { values, words } = draftBody(spec, own, others);
    reply = (await agent.send(plan.to, 'workflows.update', { params: { id }, body: values, words: { body: words } }))
      .data;
  } else {
    const { values, words } = createBody(plan.name, description ?? '', spec, others);
    reply = (await agent.send(plan.to, 'workflows.create', { body: values, words: { body: words } })).data;
    const rec = workflowOf(reply);
    id = rec ? workflowIdOf(rec) : undefined;
    // A zone that took the create under other draft names gets the draft again as an update (stores/workflow-create.ts).
    if (id && !readDraft(rec).found) {
      const back = await workflowRecord(plan.to, id);
      if (canonSpec(draftSpecOf(back)) !== canonSpec(spec)) {
        const again = draftBody(spec, readDraft(back).found ? back : undefined, others);
        reply = (
          await agent.send(plan.to, 'workflows.update', {
            params: { id },
            body: again.values,
            words: { body: again.words },
          })
        ).data;
      }
    }
  }
  if (!id) {
    workflowsListChanged(plan.to);
    return { reports: [{ label: DRAFT, outcome: 'unverified' }], targetId: undefined };
  }
  const fromReply = readDraft(workflowOf(reply));
  const target = id;
  const kept = await whatWasKept(canonSpec(spec), fromReply.found ? canonSpec(fromReply.spec) : undefined, async () => {
    const back = readDraft(await workflowRecord(plan.to, target));
    return back.found ? canonSpec(back.spec) : undefined;
  });
  workflowReturned({ zone: plan.to, id }, workflowOf(reply));
  const report = reportOf(DRAFT, kept);
  return {
    reports: [
      report.outcome === 'differs' ? { ...report, detail: 'the draft it keeps differs from the one sent' } : report,
    ],
    targetId: id,
  };
}

async function copyVars(plan: CopyPlan): Promise<CopyDone> {
  const kind = plan.kind === 'container' ? 'containers' : 'microvms';
  const at = { zone: plan.to, id: plan.targetId! };
  // The zone replaces the whole map: the target's own vars are sent back with the copied ones.
  const now = await readConfigVars(kind, at);
  const vars = { ...now.vars, ...Object.fromEntries(plan.items.map((i) => [i.label, i.after])) };
  const saved = await replaceConfigVars(kind, at, vars, now.shape, now.fromZone ?? false);
  const reports = plan.items.map((i): ItemReport => {
    if (i.change === 'same' && !saved.differ.includes(i.label)) return { label: i.label, outcome: 'skipped' };
    if (!saved.differ.includes(i.label)) return { label: i.label, outcome: 'kept' };
    const kept = saved.kept[i.label];
    return {
      label: i.label,
      outcome: 'differs',
      detail: kept === undefined ? 'not kept' : i.secret ? 'another value' : kept,
    };
  });
  return { reports, targetId: plan.targetId };
}

/** Sends the plan's items to the target and reports, per item, what the zone kept. */
export function runCopy(plan: CopyPlan, description?: string): Promise<CopyDone> {
  if (plan.kind === 'skill') return copySkill(plan, description);
  if (plan.kind === 'workflow') return copyWorkflow(plan, description);
  return copyVars(plan);
}
