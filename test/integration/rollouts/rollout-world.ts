/**
 * A sandbox of four zones in three dialects (standard source, standard, seed:8119, style:google),
 * every one signed in through the agent, each holding the seeded `triage` workflow at v1; the
 * source gets a v2 (no approval node, so its runs finish) to roll out. Helpers read the zones
 * back through api.call, as any screen would.
 */
import { expect } from 'vitest';
import type { Rollout, RolloutPlanInput, StagePlan } from '../../../src-main/contract/commands-rollouts';
import type { AgentOptions } from '../../../src-main/agent/agent-types';
import { listOf, type Raw } from '../../../src-main/contract/tolerant';
import { zoneKindReader } from '../../../src-main/contract/dictionary/kind-reader';
import { draftOf, runnersOf, versionNumberOf } from '../../../src-main/agent/rollouts/workflow-facts';
import { harness } from '../agent/harness';

export const V2_SPEC = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'classify', type: 'llm', prompt: 'Triage: {{input}}', model: 'sandbox-small' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'classify' },
    { from: 'classify', to: 'out' },
  ],
};

export const ZONES = [
  { id: 'src', dialect: 'standard' },
  { id: 'a', dialect: 'standard' },
  { id: 'b', dialect: 'seed:8119' },
  { id: 'c', dialect: 'style:google' },
] as const;

export type World = Awaited<ReturnType<typeof rolloutWorld>>;

export async function rolloutWorld(agentOpts: Partial<AgentOptions> = {}) {
  const h = await harness({ zones: ZONES.map((z) => ({ ...z })) as never }, { rolloutTickMs: 30, ...agentOpts });
  const zone: Record<string, string> = {};
  for (const z of ZONES) zone[z.id] = (await h.addAndSignIn(z.id)).id;

  const call = async (z: string, operationId: string, input: Record<string, unknown> = {}) =>
    (await h.invoke('api.call', { zone: zone[z]!, operationId: operationId as never, ...input })).data;

  /** The triage workflow of a zone, read by the zone's dictionary. */
  async function triage(z: string): Promise<{ id: string; rec: Raw }> {
    const records = listOf(await call(z, 'workflows.list'));
    const reader = zoneKindReader(undefined, records, 'workflow');
    const rec = records.find((r) => reader.name(r) === 'triage')!;
    return { id: reader.id(rec)!, rec };
  }

  async function versions(z: string): Promise<number[]> {
    const { id } = await triage(z);
    return listOf(await call(z, 'workflows.versions.list', { params: { id } })).map((v) => versionNumberOf(v)!);
  }

  async function runners(z: string) {
    const { id } = await triage(z);
    return runnersOf(await call(z, 'workflows.get', { params: { id } }));
  }

  // The source's v2: the draft written in the source's words, then published.
  const src = await triage('src');
  const name = draftOf(src.rec)!.name;
  await call('src', 'workflows.update', { params: { id: src.id }, body: { [name]: V2_SPEC } });
  await call('src', 'workflows.publish', { params: { id: src.id } });

  const stage = (zones: string[], over: Partial<StagePlan> = {}): StagePlan => ({
    zones: zones.map((z) => zone[z]!),
    canaryWeight: 20,
    suiteMustPass: true,
    approval: false,
    ...over,
  });
  const plan = (...stages: StagePlan[]): RolloutPlanInput => ({
    source: { zone: zone.src!, workflowId: src.id, version: 2 },
    stages,
  });

  /** Polls a rollout until its status is one of `want` (the engine runs in the background). */
  async function settle(id: string, ...want: Rollout['status'][]): Promise<Rollout> {
    const end = Date.now() + 15_000;
    for (;;) {
      const r = await h.invoke('rollout.status', { id });
      if (want.includes(r.status)) return r;
      if (Date.now() > end) expect.fail(`rollout stayed ${r.status}: ${JSON.stringify(r.targets)}`);
      await new Promise((res) => setTimeout(res, 25));
    }
  }

  return { h, zone, call, triage, versions, runners, stage, plan, settle, srcId: src.id };
}
