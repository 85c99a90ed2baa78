/**
 * A workflow record in the zone's words: its summary fields and the draft's write (under the
 * record's own name, or the zone's other workflows'). The draft spec and a publish reply's version
 * are read by the contract's one reader (@contract/shapes/workflow-draft.ts, the agent's rollouts
 * read them too); deployment is in workflow-deployment.ts.
 */
import type { KindReader } from '@contract/dictionary/kind-reader';
import { idOf, isRecord, pick, timeOf, type Raw } from '@contract/tolerant';
import { rowIdentity } from '../../../lib/tolerant';
import type { WordChoice } from '@contract/zone-words';
import { DRAFT_NAMES, num, readDraft } from '@contract/shapes/workflow-draft';
import { recordView } from './record-view';
import { readDeployment, DEPLOYMENT_FIELDS, type Deployment, type RunnerInfo } from './workflow-deployment';
import { field, namesOf, valueIn, worded, zoneNameFor, type Worded } from '../../../shapes/words';
import type { Missed } from '../../../shapes/kept-elsewhere';

export const WF_NAME = field('workflow.name', 'name', 'display_name', 'title');
export const WF_DESCRIPTION = field('workflow.description', 'description', 'summary');
export const DRAFT = field('workflow.draft', ...DRAFT_NAMES);
const LATEST = field('workflow.latestVersion', 'latest_version', 'latestVersion', 'current_version', 'version');
const UPDATED = field('workflow.updatedAt', 'updated_at', 'updatedAt', 'modified_at');
const GATE = field('workflow.requireEvalPass', 'require_eval_pass', 'requireEvalPass');

export { deploymentWords, type Deployment, type RunnerInfo } from './workflow-deployment';
// The spec's reading is the contract's, shared with the agent's rollouts.
export {
  canonSpec,
  draftSpecOf,
  num,
  publishedVersionOf,
  readDraft,
  type DraftReading,
} from '@contract/shapes/workflow-draft';

export interface WorkflowSummary {
  key: string;
  id: string | undefined;
  name: string;
  description: string | undefined;
  latestVersion: number | undefined;
  deployment: Deployment;
  /** The primary and canary runners when the record names them (also in `deployment`). */
  primary: RunnerInfo | undefined;
  canary: RunnerInfo | undefined;
  requireEvalPass: boolean | undefined;
  updatedAt: Date | undefined;
  raw: Raw;
}

function latestOf(raw: Raw): number | undefined {
  for (const k of LATEST.names) {
    const n = num(raw[k]);
    if (n !== undefined) return n;
  }
  // Under one of its names in another letter case (`LatestVersion`).
  const styled = num(valueIn(raw, LATEST));
  if (styled !== undefined) return styled;
  if (Array.isArray(raw.versions) && raw.versions.length) {
    const nums = raw.versions.map((v) => (isRecord(v) ? num(v.version ?? v.number) : num(v)));
    const known = nums.filter((x): x is number => x !== undefined);
    return known.length ? Math.max(...known) : undefined;
  }
  return undefined;
}

function gateOf(raw: Raw): boolean | undefined {
  for (const g of [raw, raw.eval_gate, raw.evalGate, raw.settings]) {
    if (!isRecord(g)) continue;
    const v = GATE.names.map((n) => g[n]).find((x) => typeof x === 'boolean');
    if (typeof v === 'boolean') return v;
  }
  return undefined;
}

/** A workflow record's id: id | uuid | workflow_id. */
export function workflowIdOf(raw: Raw): string | undefined {
  return idOf(raw) ?? pick(raw, 'workflow_id');
}

/** A summary read by the list's reader: id and name are the zone's dictionary's for workflows. */
export function toWorkflowSummary(raw: Raw, index: number, reader: KindReader): WorkflowSummary {
  // Its fields as one view, wherever the style nests them (a `spec`, `attributes`).
  const view = recordView(raw);
  const deployment = readDeployment(view);
  return {
    ...rowIdentity(raw, index, reader),
    description: pick(view, ...WF_DESCRIPTION.names),
    latestVersion: latestOf(view),
    deployment,
    primary: deployment.primary,
    canary: deployment.canary,
    requireEvalPass: gateOf(view),
    updatedAt: timeOf(view, ...UPDATED.names),
    raw,
  };
}

/** The workflow a reply carries: the record itself, or one under data/workflow. */
export function workflowOf(reply: unknown): Raw | undefined {
  if (!isRecord(reply)) return undefined;
  for (const k of ['workflow', 'data']) if (isRecord(reply[k]) && !idOf(reply)) return reply[k] as Raw;
  return reply;
}

/**
 * The draft's write: under the name the workflow's own record keeps it (firm), else the name the
 * zone's other workflows use, else the default; as JSON text when the zone keeps it as text.
 */
export function draftBody(spec: unknown, own: unknown, others: readonly unknown[] = []): Worded {
  const mine = readDraft(own);
  const theirs = mine.found ? undefined : others.map(readDraft).find((r) => r.found);
  const at = mine.found ? mine : theirs;
  const name = at?.found ? at.name : (zoneNameFor(DRAFT, others) ?? DRAFT.names[0]!);
  const value = at?.found && at.asText && typeof spec !== 'string' ? JSON.stringify(spec) : spec;
  // Inside the record the zone keeps it in (`spec`): written there, and not renamed by the agent.
  const box = at?.found ? at.box : undefined;
  if (box) {
    // Written as the records are (worded): there, and a JSON:API resource inside `data`.
    const f = DRAFT.names.includes(name) ? DRAFT : field(DRAFT.role, name, ...DRAFT.names);
    return { values: worded([[f, value]], mine.found ? own : others).values, words: {} };
  }
  const words: Record<string, WordChoice> = {
    [name]: { role: DRAFT.role, alts: DRAFT.names.filter((n) => n !== name), ...(mine.found ? { firm: true } : {}) },
  };
  return { values: { [name]: value }, words };
}

/**
 * The body of a lint (validate) of a spec: under `spec`, a field of its own (not the draft's: a
 * zone names the two apart), which a zone may name its way ("missing required field 'bx8swu5'").
 * Its 422 may be a per-node error map whose keys are node ids: the agent never takes a name found
 * inside what was sent. The lint's verdict does not carry the spec back (`echoed: false`).
 */
export function validateBody(spec: unknown): Worded {
  return { values: { spec }, words: { spec: { role: 'workflow.lintSpec', echoed: false } } };
}

/** A create's body: name and description under the zone's other workflows' names, and the starter draft. */
export function createBody(name: string, description: string, spec: unknown, others: readonly unknown[]): Worded {
  // One write in the zone's structure (a `spec`, JSON:API `attributes`), the draft under the name
  // the zone's other workflows keep theirs, found by structure when it is no word of ours.
  const theirs = others.map(readDraft).find((r) => r.found);
  const draft =
    theirs?.found && !DRAFT.names.includes(theirs.name) ? field(DRAFT.role, theirs.name, ...DRAFT.names) : DRAFT;
  const value = theirs?.found && theirs.asText && typeof spec !== 'string' ? JSON.stringify(spec) : spec;
  return worded(
    [
      [WF_NAME, name],
      [WF_DESCRIPTION, description || undefined],
      [draft, value],
    ],
    others,
  );
}

/** The name of a workflow as the zone kept it, differing from what was typed (the zone dropped ours), for a second write. */
export function missedName(rec: Raw, typed: string, sent: Worded): Missed | undefined {
  if (valueIn(rec, WF_NAME) === typed) return undefined;
  const sentAs = Object.keys(sent.words).find((k) => sent.words[k]!.role === WF_NAME.role);
  return sentAs === undefined ? undefined : { role: WF_NAME.role, sentAs, value: typed };
}

/** An update of the workflow's name, under the record's own name for it when it has one. */
export function nameBody(name: string, rec: Raw): Worded {
  return worded([[WF_NAME, name]], rec);
}

export const WORKFLOW_FIELDS = new Set([
  ...namesOf(WF_NAME, WF_DESCRIPTION, DRAFT, LATEST, UPDATED, GATE),
  ...DEPLOYMENT_FIELDS,
  'id',
  'uuid',
  'versions',
  'created_at',
]);
