/**
 * Reading the same-named resource in one zone for a comparison: list the zone's records of the
 * kind, find the name (compare-table.ts findByName), then read what a diff needs (the workflow's
 * record and versions, the skill's files, the instance's config vars). Every read is through the
 * shapes modules; nothing is cached, so a comparison is always of what the zones hold now.
 */
import type { Raw } from '@contract/tolerant';
import { agent } from '../../agent';
import { readRows } from '../../data';
import { listOf, recordOf, toContainerRow } from '../../lib/tolerant';
import { versionRowsOf } from '../workflows';
import { toSkillRow } from '../workflows';
import { readFileList } from '../workflows';
import { toWorkflowSummary, workflowOf } from '../workflows';
import { readConfigVars } from '../compute';
import { toInfraRow } from '../infra-lists';
import { readSkillFile } from '../workflows';
import { clusterReading, limitsReading, skillReading, workflowReading } from './compare-readers';
import { findByName, type CompareKind, type Reading } from './compare-table';

/** What one zone holds: nothing by that name, a reading, or (config vars) the vars to mask per view. */
export type ZoneFind =
  | { found: false }
  | { found: true; reading: Reading }
  | { found: true; vars: { id: string | undefined; map: Record<string, string> } };

/** The skill's files as the zone holds them now, each read in full. */
export async function skillFiles(zone: string, id: string): Promise<{ path: string; text: string }[]> {
  const listing = readFileList(await agent.call(zone, 'skills.files.list', { params: { id } }));
  return Promise.all(
    listing.rows.map(async (r) => ({ path: r.path, text: await readSkillFile({ zone, id }, r.path) })),
  );
}

async function findWorkflow(zone: string, name: string): Promise<ZoneFind> {
  const rows = readRows(zone, 'workflow', listOf(await agent.call(zone, 'workflows.list')), toWorkflowSummary);
  const hit = findByName(rows, (r) => r.name, name);
  if (!hit?.id) return { found: false };
  const params = { id: hit.id };
  const [rec, versions] = await Promise.all([
    agent.call(zone, 'workflows.get', { params }).then((r) => workflowOf(r) ?? recordOf(r)),
    agent.call(zone, 'workflows.versions.list', { params }).then(versionRowsOf),
  ]);
  // A version list without the frozen specs: each version is read (frozen, so this is the whole truth).
  const full = await Promise.all(
    versions.map(async (v) =>
      v.spec !== undefined
        ? v
        : (versionRowsOf([
            recordOf(
              await agent.call(zone, 'workflows.versions.get', { params: { id: hit.id!, version: String(v.number) } }),
            ),
          ])[0] ?? v),
    ),
  );
  return { found: true, reading: workflowReading(rec as Raw, full) };
}

async function findSkill(zone: string, name: string): Promise<ZoneFind> {
  const rows = readRows(zone, 'skill', listOf(await agent.call(zone, 'skills.list')), toSkillRow);
  const hit = findByName(rows, (r) => r.name, name);
  if (!hit?.id) return { found: false };
  return { found: true, reading: skillReading(hit, await skillFiles(zone, hit.id)) };
}

async function findVars(zone: string, kind: 'containers' | 'microvms', name: string): Promise<ZoneFind> {
  const record = kind === 'containers' ? 'container' : ('microvm' as const);
  const rows = readRows(zone, record, listOf(await agent.call(zone, `${kind}.list`)), toContainerRow);
  const hit = findByName(rows, (r) => r.name, name);
  if (!hit?.id) return { found: false };
  const read = await readConfigVars(kind, { zone, id: hit.id });
  return { found: true, vars: { id: hit.id, map: read.vars } };
}

async function findCluster(zone: string, name: string): Promise<ZoneFind> {
  const rows = readRows(zone, 'cluster', listOf(await agent.call(zone, 'kubernetes.list')), toInfraRow);
  const hit = findByName(rows, (r) => r.name, name);
  return hit ? { found: true, reading: clusterReading(hit.raw, hit.id) } : { found: false };
}

/** The resource named `name` of `kind` in `zone` (limits: the tenant's, one per zone). */
export function findInZone(kind: CompareKind, zone: string, name: string): Promise<ZoneFind> {
  switch (kind) {
    case 'workflow':
      return findWorkflow(zone, name);
    case 'skill':
      return findSkill(zone, name);
    case 'container':
      return findVars(zone, 'containers', name);
    case 'microvm':
      return findVars(zone, 'microvms', name);
    case 'cluster':
      return findCluster(zone, name);
    case 'limits':
      return agent.call(zone, 'limits.get').then((rec) => ({ found: true, reading: limitsReading(rec) }));
  }
}
