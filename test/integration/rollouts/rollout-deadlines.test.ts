/**
 * No step holds a rollout in "running" for ever: a zone that takes the connection and never
 * answers (sandbox latency) pauses the rollout at the call's deadline, naming the zone and the
 * step; an eval suite that never reaches a verdict pauses it at the plan's wait limit. Resume
 * re-reads the zone and sends no write it already holds (counted in the zone's request log).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rolloutWorld, type World } from './rollout-world';
import { watchRequests } from './zone-requests';

let w: World | undefined;
let watch: Awaited<ReturnType<typeof watchRequests>> | undefined;
afterEach(async () => {
  await watch?.stop();
  watch = undefined;
  await w?.h.close();
  w = undefined;
});

const baseOf = (world: World, id: string) => world.h.sandbox.zones.find((z) => z.id === id)!.baseUrl;

async function until(probe: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function reachable(world: World, z: string): Promise<void> {
  await until(async () => {
    const health = (await world.h.invoke('zones.health', {})).find((x) => x.zone === world.zone[z]);
    return health?.state === 'reachable';
  });
}

describe('a rollout step that the zone never finishes', () => {
  it('pauses at the call deadline when the zone hangs mid-soak, and resume finishes with no write repeated', async () => {
    w = await rolloutWorld({ rolloutCallTimeoutMs: 1000 });
    watch = await watchRequests(baseOf(w, 'b'));
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['b'], { soak: { minutes: 0.05 } })));
    await until(async () => (await w!.h.invoke('rollout.status', { id: started.id })).targets[0]!.step === 'soak');

    // The zone takes every request and answers none for a minute.
    await w.h.control('b', 'faults', { latency_ms: 60_000, zones: ['b'] });
    const paused = await w.settle(started.id, 'paused', 'finished');
    expect(paused.status).toBe('paused');
    expect(paused.targets[0]).toMatchObject({ step: 'soak', status: 'paused' });
    expect(paused.reason).toMatch(/^b did not answer during the soak step: no answer to workflows\.\S+ within 1\.0 s/);
    const before = await watch.writes();
    // The draft, the publish, the canary and the suite run (a field name this dialect refused
    // is sent again under the name it taught: that is learning, not a repeat).
    expect(before.filter((x) => /^PUT /.test(x))).toHaveLength(1);
    expect(before.filter((x) => /\/publish$/.test(x))).toHaveLength(1);
    expect(before.some((x) => /\/canary$/.test(x)) && before.some((x) => /\/evals\/run$/.test(x))).toBe(true);

    await w.h.control('b', 'faults', { latency_ms: 0, zones: null });
    await reachable(w, 'b');
    await w.h.invoke('rollout.resume', { id: started.id });
    expect((await w.settle(started.id, 'finished', 'paused')).status).toBe('finished');
    expect(await w.runners('b')).toMatchObject({ primary: 2 });
    // After the resume, only the promote: nothing the zone already held was sent again.
    const after = (await watch.writes()).slice(before.length);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/^POST \S*promote/);
  }, 40_000);

  it('pauses when the eval suite gives no verdict within the plan’s wait, and resume asks again', async () => {
    // A zone of the standard dialect: every write it takes is taken at the first try.
    w = await rolloutWorld();
    watch = await watchRequests(baseOf(w, 'a'));
    // The zone takes the run and answers with no verdict, and never lists one.
    await w.h.control('a', 'faults', {
      reply: { mode: 'malformed', route: 'workflows.evals.run', status: 202, body: '{"status":"queued"}', count: 1 },
    });
    const plan = { ...w.plan(w.stage(['a'])), waitMinutes: 0.02 };
    const started = await w.h.invoke('rollout.start', plan);
    const paused = await w.settle(started.id, 'paused', 'finished');
    expect(paused.targets[0]).toMatchObject({ step: 'suite', status: 'paused' });
    expect(paused.reason).toMatch(
      /^a did not finish the suite step within 1 s: no verdict of the eval suite against v2\. Resume/,
    );
    const suiteRuns = (list: string[]) => list.filter((x) => /^POST \S*evals/.test(x));
    expect(suiteRuns(await watch.writes())).toHaveLength(1);

    // Waiting was not holding: while paused, nothing more is asked of the zone.
    await new Promise((r) => setTimeout(r, 300));
    expect(suiteRuns(await watch.writes())).toHaveLength(1);

    // The zone lists no such run: resume asks once more, and this time the zone judges.
    await w.h.invoke('rollout.resume', { id: started.id });
    expect((await w.settle(started.id, 'finished', 'paused')).status).toBe('finished');
    const writes = await watch.writes();
    expect(suiteRuns(writes)).toHaveLength(2);
    expect(writes.filter((x) => /promote/.test(x))).toHaveLength(1);
  }, 30_000);
});
