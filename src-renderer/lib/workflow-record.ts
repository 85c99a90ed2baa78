/**
 * A workflow record read tolerantly. The spec fixes the words (draft spec, versions, primary and
 * canary runners, weight, require_eval_pass) but not the fields: the sandbox's shape is one
 * reading (docs/sandbox.md), so each fact is looked for under the names a zone is likely to use.
 */
import { idOf, isRecord, nameOf, pick, timeOf, type Raw } from './tolerant';

export interface RunnerInfo {
  version?: number;
  /** Percent of new runs, for a canary. */
  weight?: number;
  state?: string;
}

export interface WorkflowSummary {
  key: string;
  id: string | undefined;
  name: string;
  description: string | undefined;
  latestVersion: number | undefined;
  primary: RunnerInfo | undefined;
  canary: RunnerInfo | undefined;
  requireEvalPass: boolean | undefined;
  updatedAt: Date | undefined;
  raw: Raw;
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
}

function firstNum(raw: Raw, ...keys: string[]): number | undefined {
  for (const k of keys) {
    const n = num(raw[k]);
    if (n !== undefined) return n;
  }
  return undefined;
}

/** A runner given as a record ({version, weight, status}), a bare version number, or absent. */
function runnerOf(v: unknown): RunnerInfo | undefined {
  if (v === null || v === undefined || v === false) return undefined;
  const n = num(v);
  if (n !== undefined) return { version: n };
  if (!isRecord(v)) return undefined;
  const version = firstNum(v, 'version', 'pinned_version', 'version_number');
  const weight = firstNum(v, 'weight', 'weight_percent', 'percent', 'traffic');
  const state = pick(v, 'status', 'state');
  return {
    ...(version !== undefined ? { version } : {}),
    ...(weight !== undefined ? { weight } : {}),
    ...(state ? { state } : {}),
  };
}

function latestOf(raw: Raw): number | undefined {
  const n = firstNum(raw, 'latest_version', 'latestVersion', 'version', 'current_version');
  if (n !== undefined) return n;
  if (Array.isArray(raw.versions) && raw.versions.length) {
    const nums = raw.versions.map((v) => (isRecord(v) ? num(v.version) : num(v))).filter((x) => x !== undefined);
    return nums.length ? Math.max(...nums) : undefined;
  }
  return undefined;
}

function deploymentOf(raw: Raw): { primary?: RunnerInfo; canary?: RunnerInfo } {
  const d = isRecord(raw.deployment) ? raw.deployment : isRecord(raw.runners) ? raw.runners : raw;
  const primary = runnerOf(d.primary ?? d.primary_runner ?? d.deployed_version ?? d.primary_version);
  let canary = runnerOf(d.canary ?? d.canary_runner ?? d.canary_version);
  const weight = firstNum(d, 'canary_weight', 'canaryWeight');
  if (canary && weight !== undefined && canary.weight === undefined) canary = { ...canary, weight };
  return { ...(primary ? { primary } : {}), ...(canary ? { canary } : {}) };
}

function gateOf(raw: Raw): boolean | undefined {
  const g = isRecord(raw.eval_gate) ? raw.eval_gate : raw;
  const v = g.require_eval_pass ?? g.requireEvalPass;
  return typeof v === 'boolean' ? v : undefined;
}

export function toWorkflowSummary(raw: Raw, index: number): WorkflowSummary {
  const id = idOf(raw);
  const { primary, canary } = deploymentOf(raw);
  return {
    key: id ?? `#${index}`,
    id,
    name: nameOf(raw) ?? id ?? `(unnamed ${index + 1})`,
    description: pick(raw, 'description', 'summary'),
    latestVersion: latestOf(raw),
    primary,
    canary,
    requireEvalPass: gateOf(raw),
    updatedAt: timeOf(raw, 'updated_at', 'updatedAt', 'modified_at'),
    raw,
  };
}

/** The draft spec as the zone sent it: an object, or JSON text some zones send as a string. */
export function draftSpecOf(raw: Raw): unknown {
  for (const k of ['draft_spec', 'draftSpec', 'draft', 'spec', 'definition']) {
    const v = raw[k];
    if (v === undefined || v === null) continue;
    if (typeof v === 'string') {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return v;
      }
    }
    return v;
  }
  return undefined;
}

/** "v3 · canary v4 at 20 %" style words for the list and the header. */
export function deploymentWords(w: WorkflowSummary): string {
  if (!w.primary) return 'Not deployed';
  const p = w.primary.version !== undefined ? `v${w.primary.version}` : 'deployed';
  if (!w.canary) return `Deployed ${p}`;
  const c = w.canary.version !== undefined ? `v${w.canary.version}` : 'canary';
  return `Deployed ${p} · canary ${c}${w.canary.weight !== undefined ? ` at ${w.canary.weight} %` : ''}`;
}
