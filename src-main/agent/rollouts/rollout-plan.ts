/**
 * Before a rollout starts: the plan checked (every zone known, none twice, the source not a
 * target, protected targets named once), the source version read (its name as the zone's
 * dictionary reads it, its frozen spec), and each target previewed in its own words: does the
 * workflow exist there, which version runs, how its draft differs from the version to ship.
 */
import type { RolloutPlanInput, RolloutPreview, TargetPreview } from '../../contract/commands-rollouts';
import { AGENT_CODES, AgentError } from '../../contract/errors';
import type { AgentContext } from '../context';
import { lineDiff } from './line-diff';
import { canonSpec, draftOf, runnersOf, versionNumberOf } from './workflow-facts';
import { ZoneCalls } from './zone-calls';

const refuse = (code: string, message: string) => new AgentError({ status: 0, code, message });

/** Refuses a plan that names a zone twice, the source, or a zone the agent does not know. */
export function checkPlan(ctx: AgentContext, plan: RolloutPlanInput): void {
  const seen = new Set<string>();
  if (!ctx.registry.get(plan.source.zone))
    throw refuse(AGENT_CODES.unknownZone, `There is no zone “${plan.source.zone}”.`);
  for (const stage of plan.stages) {
    for (const zone of stage.zones) {
      if (!ctx.registry.get(zone)) throw refuse(AGENT_CODES.unknownZone, `There is no zone “${zone}”.`);
      if (zone === plan.source.zone) throw refuse(AGENT_CODES.validation, 'The source zone cannot be a target too.');
      if (seen.has(zone)) throw refuse(AGENT_CODES.validation, `${zone} is in the plan twice.`);
      seen.add(zone);
    }
  }
}

export interface SourceVersion {
  name: string;
  spec: unknown;
}

/** The source workflow's name and the frozen spec of the version to ship. */
export async function readSource(ctx: AgentContext, plan: RolloutPlanInput): Promise<SourceVersion> {
  const { zone, workflowId, version } = plan.source;
  const calls = new ZoneCalls(ctx, zone);
  const { records, reader } = await calls.workflows();
  const listed = records.find((r) => reader.id(r) === workflowId);
  const name = (listed && reader.name(listed)) ?? reader.name(await calls.workflow(workflowId));
  if (!name)
    throw refuse(
      'unnamed_workflow',
      `${calls.zoneName} does not say the workflow's name, so it cannot be found in other zones.`,
    );
  let spec = draftOf(await calls.version(workflowId, version))?.spec;
  if (spec === undefined) {
    const rec = (await calls.versions(workflowId)).find((r) => versionNumberOf(r) === version);
    spec = draftOf(rec)?.spec;
  }
  if (spec === undefined)
    throw refuse('unknown_version', `${calls.zoneName} shows no spec for v${version} of ${name}.`);
  return { name, spec };
}

/** The names of the protected targets, and a refusal when one is missing from `confirmed`. */
export function protectedTargets(ctx: AgentContext, plan: RolloutPlanInput, confirmed?: readonly string[]): string[] {
  const names = plan.stages
    .flatMap((s) => s.zones)
    .map((z) => ctx.registry.get(z))
    .filter((z) => z?.protected)
    .map((z) => z!.name);
  if (confirmed === undefined) return names;
  const typed = new Set(confirmed.map((n) => n.trim()));
  const missing = names.filter((n) => !typed.has(n));
  if (missing.length)
    throw new AgentError({
      status: 0,
      code: 'confirm_protected',
      message: `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} protected: type ${missing.length > 1 ? 'their names' : 'its name'} to include ${missing.length > 1 ? 'them' : 'it'}.`,
      details: { protected: missing },
    });
  return names;
}

async function previewTarget(
  ctx: AgentContext,
  zone: string,
  stage: number,
  source: SourceVersion,
): Promise<TargetPreview> {
  const calls = new ZoneCalls(ctx, zone);
  const base = { zone, zoneName: calls.zoneName, stage, protected: ctx.registry.get(zone)?.protected === true };
  try {
    const found = await calls.findByName(source.name);
    if (!found) return { ...base, exists: false, spec: 'new' };
    const rec = (await calls.workflow(found.id)) ?? found.record;
    const runners = runnersOf(rec);
    const draft = draftOf(rec)?.spec;
    const same = canonSpec(draft) === canonSpec(source.spec);
    return {
      ...base,
      exists: true,
      workflowId: found.id,
      ...(runners.primary !== undefined ? { runningVersion: runners.primary } : {}),
      ...(runners.canary !== undefined ? { canaryVersion: runners.canary } : {}),
      spec: same ? 'same' : 'differs',
      ...(same ? {} : { diff: lineDiff(draft, source.spec) }),
    };
  } catch (err) {
    return { ...base, exists: false, spec: 'new', problem: (err as Error).message };
  }
}

export async function previewPlan(ctx: AgentContext, plan: RolloutPlanInput): Promise<RolloutPreview> {
  checkPlan(ctx, plan);
  const source = await readSource(ctx, plan);
  const targets = await Promise.all(
    plan.stages.flatMap((s, stage) => s.zones.map((zone) => previewTarget(ctx, zone, stage, source))),
  );
  return {
    workflowName: source.name,
    version: plan.source.version,
    targets,
    protectedZones: protectedTargets(ctx, plan),
  };
}
