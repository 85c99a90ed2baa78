/**
 * Stopping and undoing a rollout: abort leaves every zone as it stands and sends nothing more;
 * a roll back of one zone stops its canary, or deploys the version that ran before; a protected
 * target is asked for by name once, for the whole plan.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rolloutWorld, type World } from './rollout-world';

let w: World | undefined;
afterEach(async () => {
  await w?.h.close();
  w = undefined;
});

describe('stopping and undoing a rollout', () => {
  it('aborts: the zones stay as they are and nothing more is sent', async () => {
    w = await rolloutWorld();
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a'], { approval: true }), w.stage(['b'])));
    await w.settle(started.id, 'awaiting_approval');
    const aborted = await w.h.invoke('rollout.abort', { id: started.id });
    expect(aborted.status).toBe('aborted');
    expect(aborted.targets.map((t) => t.status)).toEqual(['aborted', 'aborted']);
    // Approving or resuming an aborted rollout sends nothing: stage 2's zone never hears of v2.
    await w.h.invoke('rollout.approve', { id: started.id });
    expect((await w.h.invoke('rollout.resume', { id: started.id })).status).toBe('aborted');
    await new Promise((r) => setTimeout(r, 200));
    expect(await w.runners('a')).toMatchObject({ primary: 1, canary: 2 });
    expect(await w.versions('b')).toEqual([1]);
  });

  it('rolls one zone back: a promoted version gives way to the one before, a canary is stopped', async () => {
    w = await rolloutWorld();
    const direct = await w.h.invoke('rollout.start', w.plan(w.stage(['a', 'b'], { canaryWeight: null })));
    expect((await w.settle(direct.id, 'finished', 'paused')).status).toBe('finished');
    const undone = await w.h.invoke('rollout.rollback', { id: direct.id, zone: w.zone.a! });
    const a = undone.targets.find((t) => t.zoneName === 'a')!;
    expect(a).toMatchObject({ status: 'rolled_back', previousPrimary: 1 });
    expect(a.reason).toMatch(/Deployed v1 again in a, in place of v2/);
    expect(await w.runners('a')).toMatchObject({ primary: 1 });
    expect(await w.runners('b')).toMatchObject({ primary: 2 });

    const canary = await w.h.invoke('rollout.start', w.plan(w.stage(['c'], { approval: true })));
    await w.settle(canary.id, 'awaiting_approval');
    expect(await w.runners('c')).toMatchObject({ primary: 1, canary: 2 });
    const stopped = await w.h.invoke('rollout.rollback', { id: canary.id, zone: w.zone.c! });
    expect(stopped.targets[0]).toMatchObject({ status: 'rolled_back' });
    expect(stopped.targets[0]!.reason).toMatch(/Stopped the canary of v2 in c/);
    expect(await w.runners('c')).toMatchObject({ primary: 1, canary: undefined });
  });

  it('asks for a protected target by name once, for the whole plan', async () => {
    w = await rolloutWorld();
    await w.h.invoke('zones.update', { id: w.zone.b!, protected: true });
    const plan = w.plan(w.stage(['a']), w.stage(['b']));
    expect((await w.h.invoke('rollout.plan', plan)).protectedZones).toEqual(['b']);
    const refused = await w.h.invoke('rollout.start', plan).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'confirm_protected', message: expect.stringMatching(/^b is protected/) });
    expect(await w.h.invoke('rollout.list', {})).toEqual([]);
    const started = await w.h.invoke('rollout.start', { ...plan, confirmProtected: ['b'] });
    expect((await w.settle(started.id, 'finished', 'paused')).status).toBe('finished');
  });

  it('pauses on a refused promotion with the zone’s reason (its eval gate), and goes on once the zone allows it', async () => {
    w = await rolloutWorld();
    const { id } = await w.triage('a');
    await w.call('a', 'workflows.evalGate', { params: { id }, body: { require_eval_pass: true } });
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a'], { suiteMustPass: false })));
    const paused = await w.settle(started.id, 'paused', 'finished');
    expect(paused.targets[0]).toMatchObject({ step: 'promote', status: 'paused' });
    expect(paused.reason).toBe('a refused the promote step: promotion needs a passing eval suite against the canary');
    await w.call('a', 'workflows.evalGate', { params: { id }, body: { require_eval_pass: false } });
    await w.h.invoke('rollout.resume', { id: started.id });
    expect((await w.settle(started.id, 'finished', 'paused')).status).toBe('finished');
    expect(await w.runners('a')).toMatchObject({ primary: 2 });
  });
});
