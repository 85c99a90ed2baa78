/**
 * `zonedeck rollout` drives one rollout end to end as the real process (standalone: the engine
 * runs in it): plan, start (stops waiting for approval, exit 9), approve (finishes, exit 0),
 * status, roll back one zone; a stage rule or a wait limit out of range is a usage error (exit 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rollout, RolloutPreview } from '../../src-main/contract/commands-rollouts';
import { listOf } from '../../src-main/contract/tolerant';
import { zoneKindReader } from '../../src-main/contract/dictionary/kind-reader';
import { draftOf, runnersOf } from '../../src-main/agent/rollouts/workflow-facts';
import { cliWorld, type CliWorld, cliGate } from '../support/cli-world';
import { V2_SPEC } from './rollouts/rollout-world';

const keychain = await cliGate('CLI ROLLOUT TESTS');
const need = keychain.need;

let w: CliWorld;
beforeAll(async () => {
  if (!keychain.ok) return;
  w = await cliWorld({
    zones: [{ id: 'src' }, { id: 'a' }, { id: 'g', dialect: 'style:google' }],
    signIn: ['src', 'a', 'g'],
  });
  // The source's v2, written and published through the agent as the window would.
  await w.withAgent(async (invoke, agent) => {
    await agent.sessionsRestored();
    const zone = w.zoneIds.src!;
    const records = listOf((await invoke('api.call', { zone, operationId: 'workflows.list' })).data);
    const reader = zoneKindReader(undefined, records, 'workflow');
    const rec = records.find((r) => reader.name(r) === 'triage')!;
    const id = reader.id(rec)!;
    const body = { [draftOf(rec)!.name]: V2_SPEC };
    await invoke('api.call', { zone, operationId: 'workflows.update', params: { id }, body });
    await invoke('api.call', { zone, operationId: 'workflows.publish', params: { id } });
  });
});
afterAll(async () => {
  await w?.close();
});

async function primaryIn(zone: string): Promise<number | undefined> {
  return w.withAgent(async (invoke, agent) => {
    await agent.sessionsRestored();
    const records = listOf((await invoke('api.call', { zone: w.zoneIds[zone]!, operationId: 'workflows.list' })).data);
    const reader = zoneKindReader(undefined, records, 'workflow');
    return runnersOf(records.find((r) => reader.name(r) === 'triage')).primary;
  });
}

describe('zonedeck rollout', { timeout: 120_000 }, () => {
  it('plans, starts, waits for approval, finishes and rolls one zone back', async (ctx) => {
    need(ctx);
    const plan = await w.zonedeck([
      '--json',
      'rollout',
      'plan',
      'src/triage',
      '--stage',
      'a',
      '--stage',
      'g:canary=30',
    ]);
    expect(plan.code).toBe(0);
    const preview = JSON.parse(plan.stdout) as RolloutPreview;
    expect(preview).toMatchObject({ workflowName: 'triage', version: 2 });
    expect(preview.targets.map((t) => [t.zoneName, t.runningVersion, t.spec])).toEqual([
      ['a', 1, 'differs'],
      ['g', 1, 'differs'],
    ]);

    const started = await w.zonedeck([
      '--json',
      'rollout',
      'start',
      'src/triage',
      '--stage',
      'a:suite',
      '--stage',
      'g:canary=30,suite,approve',
      '--wait-limit',
      '45',
    ]);
    expect(started.stderr).toBe('');
    expect(started.code).toBe(9);
    const waiting = JSON.parse(started.stdout) as Rollout;
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.plan.waitMinutes).toBe(45);

    const approved = await w.zonedeck(['rollout', 'approve', waiting.id]);
    expect(approved.stderr).toMatch(/g verify running|g done done/);
    expect(approved.stdout).toMatch(/finished/);
    expect(approved.code).toBe(0);
    expect(await primaryIn('a')).toBe(2);
    expect(await primaryIn('g')).toBe(2);

    const list = await w.zonedeck(['rollout', 'status']);
    expect(list.stdout).toMatch(new RegExp(`${waiting.id}\\s+triage\\s+v2\\s+finished`));
    const back = await w.zonedeck(['rollout', 'rollback', waiting.id, 'a']);
    expect(back.stdout).toMatch(/Deployed v1 again in a, in place of v2/);
    expect(back.code).toBe(0);
    expect(await primaryIn('a')).toBe(1);
  });

  it('refuses a stage rule out of range as a usage error', async (ctx) => {
    need(ctx);
    const bad = await w.zonedeck(['rollout', 'plan', 'src/triage', '--stage', 'a:canary=0']);
    expect(bad.stderr).toMatch(/canary= takes a percent from 1 to 100/);
    expect(bad.code).toBe(2);
    const wait = await w.zonedeck(['rollout', 'plan', 'src/triage', '--stage', 'a', '--wait-limit', '0']);
    expect(wait.stderr).toMatch(/--wait-limit takes minutes/);
    expect(wait.code).toBe(2);
  });
});
