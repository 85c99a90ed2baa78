/**
 * One zone's copy of a resource as a comparison reading: its facts for the table and the texts a
 * diff opens, read only through the shapes modules (and the spec-fixed limits record), so a zone
 * that says `display_name`, keeps its draft under `definition` or lists vars as pairs compares
 * by meaning with one that does not. Pure: the store reads the zones, this makes the readings.
 */
import { kindReader } from '@contract/dictionary/kind-reader';
import type { LimitsRecord } from '@contract/records';
import type { Raw } from '@contract/tolerant';
import { canonSpec, draftSpecOf, toWorkflowSummary } from '../workflows';
import type { SkillRow } from '../workflows';
import type { VersionRow } from '../workflows';
import { clusterFacts } from './cluster-facts';
import { digestOf, type Reading } from './compare-table';
import { varsText } from './secret-keys';

/** Pretty JSON for a diff; text kept as the zone holds it. */
export function docText(v: unknown): string {
  if (typeof v === 'string') return v;
  return JSON.stringify(v ?? null, null, 2);
}

/** Sorted keys at every level, pretty: two zones' specs diff by content, not by key order. */
function sortedText(v: unknown): string {
  if (typeof v === 'string') return v;
  return JSON.stringify(JSON.parse(canonSpec(v)), null, 2);
}

/** A workflow: draft and each published version to diff; equal when the drafts are. */
export function workflowReading(record: Raw, versions: readonly VersionRow[]): Reading {
  // Only the record's deployment is read here: one record is reader enough.
  const s = toWorkflowSummary(record, 0, kindReader(undefined, [record], 'workflow'));
  const draft = draftSpecOf(record);
  const docs: Record<string, string> = { Draft: sortedText(draft) };
  for (const v of versions) if (v.spec !== undefined) docs[`Version ${v.number}`] = sortedText(v.spec);
  const runner = (r: typeof s.primary) => (r?.version !== undefined ? `v${r.version}` : undefined);
  const canary = s.canary
    ? `${runner(s.canary) ?? 'canary'}${s.canary.weight !== undefined ? ` at ${s.canary.weight}%` : ''}`
    : undefined;
  return {
    id: s.id,
    ...(s.latestVersion !== undefined ? { version: `v${s.latestVersion}` } : {}),
    ...(runner(s.primary)
      ? { deployed: runner(s.primary) }
      : s.deployment.state === 'undeployed'
        ? { deployed: 'not deployed' }
        : {}),
    ...(canary ? { canary } : {}),
    digest: digestOf(canonSpec(draft)),
    ...(s.updatedAt ? { changedAt: s.updatedAt } : {}),
    docs,
  };
}

/** A skill: every file by path; equal when the same paths hold the same texts. */
export function skillReading(row: SkillRow, files: ReadonlyArray<{ path: string; text: string }>): Reading {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const docs = Object.fromEntries(sorted.map((f) => [f.path, f.text]));
  return {
    id: row.id,
    digest: digestOf(JSON.stringify(sorted.map((f) => [f.path, f.text]))),
    ...(row.updatedAt ? { changedAt: row.updatedAt } : {}),
    note: `${sorted.length} file${sorted.length === 1 ? '' : 's'}`,
    docs,
  };
}

/** Config vars of a container or microVM: one document, secret-looking values masked unless revealed. */
export function varsReading(id: string | undefined, vars: Record<string, string>, reveal: boolean): Reading {
  const keys = Object.keys(vars).sort();
  return {
    id,
    digest: digestOf(JSON.stringify(keys.map((k) => [k, vars[k]]))),
    digestPrivate: true,
    note: `${keys.length} var${keys.length === 1 ? '' : 's'}`,
    docs: { 'Config vars': varsText(vars, reveal) },
  };
}

/** A cluster: version and node count as the table's facts; equal when both are. */
export function clusterReading(raw: Raw, id: string | undefined): Reading {
  const f = clusterFacts(raw);
  const facts = { version: f.version ?? null, nodes: f.nodes ?? null };
  return {
    id,
    ...(f.version ? { version: f.version } : {}),
    ...(f.nodes !== undefined ? { note: `${f.nodes} worker${f.nodes === 1 ? '' : 's'}` } : {}),
    digest: digestOf(JSON.stringify(facts)),
    docs: { Cluster: JSON.stringify(facts, null, 2) },
  };
}

/** The tenant's limits (a record the spec fixes): equal when every limit is; the tenant and time left out. */
export function limitsReading(rec: LimitsRecord): Reading {
  const { tenant_id: _tenant, updated_at: updated, ...limits } = rec;
  const text = sortedText(limits);
  const at = typeof updated === 'string' ? new Date(updated) : undefined;
  return {
    id: undefined,
    digest: digestOf(text),
    ...(at && !Number.isNaN(at.getTime()) ? { changedAt: at } : {}),
    docs: { Limits: text },
  };
}
