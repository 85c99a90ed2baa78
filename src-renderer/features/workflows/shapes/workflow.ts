/**
 * A workflow record in the zone's words: its summary fields, the draft spec (read under the names
 * zones give it, else found by structure: the field holding an object with a node list, or JSON
 * text of one), the draft's write (under the record's own name, or the zone's other workflows'),
 * and a publish reply's version. Deployment is in workflow-deployment.ts.
 */
import { idOf, isRecord, pick, timeOf, type Raw } from '@contract/tolerant';
import type { WordChoice } from '@contract/zone-words';
import { NODE_LIST_KEYS } from '../spec-shape';
import { readDeployment, DEPLOYMENT_FIELDS, type Deployment, type RunnerInfo } from './workflow-deployment';
import { field, namesOf, worded, zoneNameFor, type Worded } from '../../../shapes/words';

export const WF_NAME = field('workflow.name', 'name', 'display_name', 'title');
export const WF_DESCRIPTION = field('workflow.description', 'description', 'summary');
export const DRAFT = field('workflow.draft', 'draft_spec', 'spec', 'definition', 'draft', 'draftSpec', 'workflow_spec');
const LATEST = field('workflow.latestVersion', 'latest_version', 'latestVersion', 'current_version', 'version');
const UPDATED = field('workflow.updatedAt', 'updated_at', 'updatedAt', 'modified_at');
const GATE = field('workflow.requireEvalPass', 'require_eval_pass', 'requireEvalPass');

export { deploymentWords, type Deployment, type RunnerInfo } from './workflow-deployment';

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

export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^v?\d+(\.\d+)?$/i.test(v.trim())) return Number(v.trim().replace(/^v/i, ''));
  return undefined;
}

function latestOf(raw: Raw): number | undefined {
  for (const k of LATEST.names) {
    const n = num(raw[k]);
    if (n !== undefined) return n;
  }
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

export function toWorkflowSummary(raw: Raw, index: number): WorkflowSummary {
  const id = workflowIdOf(raw);
  const deployment = readDeployment(raw);
  return {
    key: id ?? `#${index}`,
    id,
    name: pick(raw, ...WF_NAME.names) ?? id ?? `(unnamed ${index + 1})`,
    description: pick(raw, ...WF_DESCRIPTION.names),
    latestVersion: latestOf(raw),
    deployment,
    primary: deployment.primary,
    canary: deployment.canary,
    requireEvalPass: gateOf(raw),
    updatedAt: timeOf(raw, ...UPDATED.names),
    raw,
  };
}

/** The workflow a reply carries: the record itself, or one under data/workflow. */
export function workflowOf(reply: unknown): Raw | undefined {
  if (!isRecord(reply)) return undefined;
  for (const k of ['workflow', 'data']) if (isRecord(reply[k]) && !idOf(reply)) return reply[k] as Raw;
  return reply;
}

/** Whether a value reads as a workflow spec: an object with a node list or map. */
function isSpecLike(v: unknown): v is Raw {
  return isRecord(v) && NODE_LIST_KEYS.some((k) => Array.isArray(v[k]) || isRecord(v[k]));
}

function parsed(text: string): unknown {
  if (!/^\s*[{[]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Where a record keeps its draft: the spec (object, or the zone's text when not JSON), its field, whether as JSON text. */
export type DraftReading = { found: true; spec: unknown; name: string; asText: boolean } | { found: false };

export function readDraft(rec: unknown): DraftReading {
  if (!isRecord(rec)) return { found: false };
  for (const name of DRAFT.names) {
    const v = rec[name];
    if (v === undefined) continue;
    if (typeof v === 'string') {
      const p = parsed(v);
      return { found: true, spec: p ?? v, name, asText: true };
    }
    if (v === null || isRecord(v) || Array.isArray(v))
      return { found: true, spec: v ?? undefined, name, asText: false };
  }
  // No known name: the field whose value is a spec by structure (an object with nodes), or JSON text of one.
  for (const [name, v] of Object.entries(rec)) {
    if (isSpecLike(v)) return { found: true, spec: v, name, asText: false };
    if (typeof v === 'string' && v.length < 5_000_000) {
      const p = parsed(v);
      if (isSpecLike(p)) return { found: true, spec: p, name, asText: true };
    }
  }
  return { found: false };
}

/** The draft spec of a record, or undefined when it has none Zonedeck can find. */
export function draftSpecOf(rec: unknown): unknown {
  const r = readDraft(rec);
  return r.found ? r.spec : undefined;
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
  const words: Record<string, WordChoice> = {
    [name]: { role: DRAFT.role, alts: DRAFT.names.filter((n) => n !== name), ...(mine.found ? { firm: true } : {}) },
  };
  return { values: { [name]: value }, words };
}

/**
 * The body of a lint (validate) of a spec: under `spec`. Sent without words on purpose: its 422
 * is a per-node error map whose keys are node ids, not field names the agent should learn.
 */
export function validateBody(spec: unknown): Raw {
  return { spec };
}

/** A create's body: name and description under the zone's other workflows' names, and the starter draft. */
export function createBody(name: string, description: string, spec: unknown, others: readonly unknown[]): Worded {
  const meta = worded(
    [
      [WF_NAME, name],
      [WF_DESCRIPTION, description || undefined],
    ],
    others,
  );
  const draft = draftBody(spec, undefined, others);
  return { values: { ...meta.values, ...draft.values }, words: { ...meta.words, ...draft.words } };
}

/** A spec in canonical form (keys sorted) for "is what the zone kept what was sent". */
export function canonSpec(spec: unknown): string {
  const seen = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(seen);
    if (isRecord(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, seen(v[k])]),
      );
    return v;
  };
  return typeof spec === 'string' ? spec : JSON.stringify(seen(spec ?? null));
}

/** The version number a publish reply names: {version}, {version_number}, {version: {number}}, {published: {version}}. */
export function publishedVersionOf(reply: unknown): number | undefined {
  if (!isRecord(reply)) return num(reply);
  for (const k of ['version', 'version_number', 'versionNumber', 'number', 'published_version']) {
    const v = reply[k];
    const n = isRecord(v) ? publishedVersionOf(v) : num(v);
    if (n !== undefined) return n;
  }
  for (const k of ['published', 'data', 'result']) if (isRecord(reply[k])) return publishedVersionOf(reply[k]);
  return undefined;
}

export const WORKFLOW_FIELDS = new Set([
  ...namesOf(WF_NAME, WF_DESCRIPTION, DRAFT, LATEST, UPDATED, GATE),
  ...DEPLOYMENT_FIELDS,
  'id',
  'uuid',
  'versions',
  'created_at',
]);
