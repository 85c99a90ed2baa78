/**
 * The rollout engine against the sandbox over loopback, zones in three dialects: a two-stage
 * rollout that waits for approval and finishes; a suite that fails in stage 2 pauses with the
 * zone's reason, and once the zone's case is fixed, resume finishes.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonSpec, draftOf } from '../../../src-main/agent/rollouts/workflow-facts';
import { rolloutWorld, V2_SPEC, type World } from './rollout-world';

let w: World | undefined;
afterEach(async () => {
  await w?.h.close();
  w = undefined;
});

async function expectRunsV2(world: World, z: string) {
  const { id } = await world.triage(z);
  const primary = (await world.runners(z)).primary!;
  const frozen = await world.call(z, 'workflows.versions.get', { params: { id, version: String(primary) } });
  expect(canonSpec(draftOf(frozen)!.spec)).toBe(canonSpec(V2_SPEC));
}

describe('a rollout across zones', () => {
  it('goes stage by stage, waits for approval, and finishes with the version running everywhere', async () => {
    w = await rolloutWorld();
    const preview = await w.h.invoke('rollout.plan', w.plan(w.stage(['a']), w.stage(['b', 'c'], { approval: true })));
    expect(preview.workflowName).toBe('triage');
    expect(preview.targets.map((t) => [t.zoneName, t.exists, t.runningVersion, t.spec])).toEqual([
      ['a', true, 1, 'differs'],
      ['b', true, 1, 'differs'],
      ['c', true, 1, 'differs'],
    ]);
    expect(preview.targets[0]!.diff).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\+ +"prompt": "Triage: \{\{input\}\}",$/)]),
    );

    const notices: unknown[] = [];
    w.h.agent.onEvent((name, payload) => name === 'rollout.notice' && notices.push(payload));
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a']), w.stage(['b', 'c'], { approval: true })));
    const waiting = await w.settle(started.id, 'awaiting_approval', 'paused');
    expect(waiting.status).toBe('awaiting_approval');
    expect(waiting.stage).toBe(1);
    expect(waiting.targets.map((t) => [t.zoneName, t.step, t.status])).toEqual([
      ['a', 'done', 'done'],
      ['b', 'approval', 'awaiting_approval'],
      ['c', 'approval', 'awaiting_approval'],
    ]);
    // Stage 2 runs a canary beside v1 until a person approves.
    expect(await w.runners('b')).toMatchObject({ primary: 1, canary: 2 });
    await expectRunsV2(w, 'a');

    await w.h.invoke('rollout.approve', { id: started.id });
    const done = await w.settle(started.id, 'finished', 'paused');
    expect(done.status).toBe('finished');
    for (const z of ['a', 'b', 'c']) await expectRunsV2(w, z);
    expect(await w.runners('c')).toMatchObject({ canary: undefined });

    expect(notices).toEqual([
      expect.objectContaining({ kind: 'approval', title: 'Rollout of triage v2 waits for approval' }),
      { id: started.id, kind: 'finished', title: 'Rollout of triage v2 finished', body: 'It runs in 3 zones.' },
    ]);
    // Kept on disk, owner-only; every step in the journal.
    const file = path.join(w.h.dataDir, 'rollouts', `${started.id}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const journal = await w.h.invoke('journal.list', { kind: 'rollouts' });
    const ops = journal.entries.map((e) => `${e.zoneName} ${e.op}`);
    expect(ops).toEqual(expect.arrayContaining(['a rollout.publish', 'b rollout.suite', 'c rollout.verify']));
    expect(ops.filter((o) => o.endsWith('rollout.finish'))).toHaveLength(1);
  });

  it('pauses on a suite that fails in stage 2 with the zone’s reason, and finishes once it is fixed', async () => {
    w = await rolloutWorld();
    const { id } = await w.triage('c');
    const kase = await w.call('c', 'workflows.evals.put', {
      params: { id },
      // Written as the google-style zone names a case's fields.
      body: { displayName: 'mentions zebras', kind: 'contains', input: 'a ticket', expected: 'zebra' },
    });
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a']), w.stage(['b', 'c'])));
    const paused = await w.settle(started.id, 'paused', 'finished');
    expect(paused.status).toBe('paused');
    const c = paused.targets.find((t) => t.zoneName === 'c')!;
    expect(c).toMatchObject({ step: 'suite', status: 'paused' });
    expect(c.reason).toMatch(/eval suite against v2 did not pass in c: output lacks "zebra"/);
    expect(paused.reason).toBe(c.reason);
    expect(paused.targets.find((t) => t.zoneName === 'b')!.status).toBe('done');
    expect(await w.runners('c')).toMatchObject({ primary: 1, canary: 2 });

    // The person fixes the case in the zone; resume runs the suite again and goes on.
    const caseId = String((kase as Record<string, unknown>).id ?? (kase as Record<string, unknown>).uid);
    await w.call('c', 'workflows.evals.delete', { params: { id, caseId } });
    await w.h.invoke('rollout.resume', { id: started.id });
    const done = await w.settle(started.id, 'finished', 'paused');
    expect(done.status).toBe('finished');
    await expectRunsV2(w, 'c');
  });

  it('drops the stale “waiting for approval” reason once one of two waiting zones is approved', async () => {
    w = await rolloutWorld();
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a', 'c'], { approval: true })));
    expect((await w.settle(started.id, 'awaiting_approval', 'paused')).reason).toBe('Waiting for approval in a, c.');
    const approved = await w.h.invoke('rollout.approve', { id: started.id, zone: w.zone.a! });
    // Under way again: the screen must not show “Waiting for approval in a, c.” beside it.
    expect(approved.status).toBe('running');
    expect(approved.reason).toBeUndefined();
    expect((await w.settle(started.id, 'awaiting_approval', 'paused')).reason).toBe('Waiting for approval in c.');
  });

  it('takes an approval given while another zone of the same stage is still on its way', async () => {
    w = await rolloutWorld();
    // c answers slowly, so a waits for a person while c is still on its way.
    await w.h.control('c', 'faults', { latency_ms: 150, zones: ['c'] });
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a', 'c'], { approval: true })));
    const end = Date.now() + 10_000;
    let r = await w.h.invoke('rollout.status', { id: started.id });
    while (!r.targets.some((t) => t.status === 'awaiting_approval') && Date.now() < end) {
      await new Promise((res) => setTimeout(res, 10));
      r = await w.h.invoke('rollout.status', { id: started.id });
    }
    expect(r.targets.map((t) => t.status)).toEqual(['awaiting_approval', 'running']);
    await w.h.invoke('rollout.approve', { id: started.id, zone: w.zone.a! });
    // a goes on as soon as c's step returns: when c waits for its own approval, a is done.
    const waiting = await w.settle(started.id, 'awaiting_approval', 'finished', 'paused');
    expect(waiting.targets.map((t) => [t.zoneName, t.status])).toEqual([
      ['a', 'done'],
      ['c', 'awaiting_approval'],
    ]);
    expect(waiting.reason).toBe('Waiting for approval in c.');
    await w.h.invoke('rollout.approve', { id: started.id });
    expect((await w.settle(started.id, 'finished', 'paused')).status).toBe('finished');
  });

  it('takes an approval given while the rollout is being kept on disk as waiting for it', async () => {
    // The loop has worded "waiting for approval in c" and is saving that as the approval comes:
    // the loop then stops, and the approval must start the next one (it once found the old loop
    // still there and started none, leaving c approved and under way for ever).
    let id = '';
    let approvedWhileSaving = false;
    w = await rolloutWorld({
      rolloutHooks: {
        beforeSave: async (r) => {
          if (approvedWhileSaving || r.id !== id || r.reason !== 'Waiting for approval in c.') return;
          approvedWhileSaving = true;
          await w!.h.invoke('rollout.approve', { id, zone: w!.zone.c! });
        },
      },
    });
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a', 'c'], { approval: true })));
    id = started.id;
    await w.settle(id, 'awaiting_approval', 'paused');
    await w.h.invoke('rollout.approve', { id, zone: w.zone.a! });
    const done = await w.settle(id, 'finished', 'paused');
    expect(approvedWhileSaving).toBe(true);
    expect(done.targets.map((t) => [t.zoneName, t.status])).toEqual([
      ['a', 'done'],
      ['c', 'done'],
    ]);
  });
});
