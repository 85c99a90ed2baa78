/**
 * A rollout that stops and goes on: a restart between a write and its read-back (a new agent on
 * the same data folder) resumes without sending the write again; so does a restart mid-soak (the
 * zone's request log shows no write twice); a zone that stops answering in
 * the middle of a soak pauses it, and once the zone is back, resume finishes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src-main/agent/agent';
import type { Agent } from '../../../src-main/agent/agent-types';
import type { CommandInput, CommandName, CommandOutput } from '../../../src-main/contract/commands';
import { AgentError } from '../../../src-main/contract/errors';
import { RecordingConnection } from '../agent/harness';
import { loopbackFetch } from '../../support/loopback-fetch';
import { rolloutWorld, type World } from './rollout-world';
import { watchRequests } from './zone-requests';

let w: World | undefined;
let second: Agent | undefined;
let watch: Awaited<ReturnType<typeof watchRequests>> | undefined;
afterEach(async () => {
  await watch?.stop();
  watch = undefined;
  await second?.dispose();
  second = undefined;
  await w?.h.close();
  w = undefined;
});

class Crash extends Error {}

/** Signs a zone in again on another agent (its session was the first agent's, in memory). */
async function signIn(agent: Agent, world: World, zoneId: string, sandboxZone: string) {
  const conn = new RecordingConnection();
  const invoke = async <C extends CommandName>(c: C, input: CommandInput<C>): Promise<CommandOutput<C>> => {
    const reply = await agent.invoke(c, input, conn);
    if (!reply.ok) throw AgentError.from(reply.error);
    return reply.result as CommandOutput<C>;
  };
  const user = world.h.sandbox.users.find((u) => u.method === 'email')!;
  const sz = world.h.sandbox.zones.find((z) => z.id === sandboxZone)!;
  const first = await invoke('auth.login', { zone: zoneId, email: user.email, password: user.password });
  if (first.status === 'mfa_required') {
    const mail = (await (
      await loopbackFetch(`${sz.baseUrl}/_sandbox/mail?to=${encodeURIComponent(user.email)}`)
    ).json()) as { code?: string }[] | { items: { code?: string }[] };
    const code = (Array.isArray(mail) ? mail : mail.items)[0]!.code!;
    await invoke('auth.verify', { zone: zoneId, challenge: first.challenge, code, rememberDevice: false });
  }
  return invoke;
}

describe('a rollout that stops and goes on', () => {
  it('after a restart between the publish and its read-back, resumes without publishing again', async () => {
    let writes = 0;
    w = await rolloutWorld({
      rolloutHooks: {
        afterWrite: (_zone, step) => {
          // The draft write, then the publish: the agent "dies" once the zone took the publish.
          if (step === 'publish' && ++writes === 2) throw new Crash('the app stopped here');
        },
      },
    });
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a'])));
    const end = Date.now() + 10_000;
    while ((await w.versions('a')).length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(await w.versions('a')).toEqual([1, 2]);
    await w.h.agent.dispose();

    second = await createAgent({
      dataDir: w.h.dataDir,
      host: 'browser',
      version: 'test',
      memorySecrets: true,
      rolloutTickMs: 30,
    });
    const invoke = await signIn(second, w, w.zone.a!, 'a');
    await signIn(second, w, w.zone.src!, 'src');
    const back = await invoke('rollout.status', { id: started.id });
    expect(back.status).toBe('paused');
    expect(back.reason).toMatch(/closed while this rollout ran/);
    expect(back.targets[0]).toMatchObject({ step: 'publish', status: 'paused' });

    await invoke('rollout.resume', { id: started.id });
    const stopAt = Date.now() + 10_000;
    let r = await invoke('rollout.status', { id: started.id });
    while (r.status === 'running' && Date.now() < stopAt) {
      await new Promise((res) => setTimeout(res, 25));
      r = await invoke('rollout.status', { id: started.id });
    }
    expect(r.status).toBe('finished');
    expect(r.targets[0]!.version).toBe(2);
    // The zone holds one v2: the publish it had taken was read back, not sent again.
    expect(await w.versions('a')).toEqual([1, 2]);
    const journal = await invoke('journal.list', { zone: w.zone.a!, kind: 'workflows' });
    expect(journal.entries.filter((e) => e.op === 'workflows.publish')).toHaveLength(1);
  });

  it('after a restart in the middle of a soak, resumes the same soak and sends no write again', async () => {
    w = await rolloutWorld();
    // Zone a speaks the standard dialect: each write it takes is taken at the first try, so the count is exact.
    const base = w.h.sandbox.zones.find((z) => z.id === 'a')!.baseUrl;
    watch = await watchRequests(base);
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['a'], { soak: { minutes: 0.1 } })));
    // Mid-soak: the soak has begun (its clock is kept) and is not over.
    const end = Date.now() + 10_000;
    while (!(await w.h.invoke('rollout.status', { id: started.id })).targets[0]!.soakSince && Date.now() < end)
      await new Promise((r) => setTimeout(r, 10));
    await w.h.agent.dispose();
    const before = await watch.writes();
    expect(before.map((x) => x.replace(/[0-9a-f-]{36}/, ':id'))).toEqual([
      'PUT /api/v1/workflows/:id',
      'POST /api/v1/workflows/:id/publish',
      'POST /api/v1/workflows/:id/canary',
      'POST /api/v1/workflows/:id/evals/run',
    ]);

    second = await createAgent({
      dataDir: w.h.dataDir,
      host: 'browser',
      version: 'test',
      memorySecrets: true,
      rolloutTickMs: 30,
    });
    const invoke = await signIn(second, w, w.zone.a!, 'a');
    const back = await invoke('rollout.status', { id: started.id });
    expect(back).toMatchObject({ status: 'paused' });
    expect(back.targets[0]).toMatchObject({ step: 'soak', status: 'paused' });
    const soakSince = back.targets[0]!.soakSince;
    expect(soakSince).toBeDefined();

    await invoke('rollout.resume', { id: started.id });
    const stopAt = Date.now() + 15_000;
    let r = await invoke('rollout.status', { id: started.id });
    while (r.status === 'running' && Date.now() < stopAt) {
      await new Promise((res) => setTimeout(res, 25));
      r = await invoke('rollout.status', { id: started.id });
    }
    expect(r.status).toBe('finished');
    // The soak went on from when it began, not from the restart.
    expect(r.targets[0]!.soakSince).toBe(soakSince);
    expect(await w.runners('a')).toMatchObject({ primary: 2 });
    // After the restart the zone got one write, the promote: none of the four before came again.
    const after = (await watch.writes()).slice(before.length);
    expect(after.map((x) => x.replace(/[0-9a-f-]{36}/, ':id'))).toEqual(['POST /api/v1/workflows/:id/canary/promote']);
  }, 30_000);

  it('pauses when a zone stops answering mid-soak, and finishes once it is back', async () => {
    w = await rolloutWorld();
    const started = await w.h.invoke('rollout.start', w.plan(w.stage(['b'], { soak: { minutes: 0.05 } })));
    const end = Date.now() + 10_000;
    while ((await w.h.invoke('rollout.status', { id: started.id })).targets[0]!.step !== 'soak' && Date.now() < end)
      await new Promise((r) => setTimeout(r, 10));
    await w.h.control('b', 'faults', { reset_rate: 1, zones: ['b'] });
    const paused = await w.settle(started.id, 'paused', 'finished');
    expect(paused.status).toBe('paused');
    expect(paused.targets[0]).toMatchObject({ step: 'soak', status: 'paused' });
    expect(paused.reason).toMatch(/^b did not answer during the soak step/);

    await w.h.control('b', 'faults', { reset_rate: 0, zones: null });
    const back = Date.now() + 10_000;
    while (Date.now() < back) {
      const health = (await w.h.invoke('zones.health', {})).find((z) => z.zone === w!.zone.b);
      if (health?.state === 'reachable') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await w.h.invoke('rollout.resume', { id: started.id });
    expect((await w.settle(started.id, 'finished', 'paused')).status).toBe('finished');
    expect(await w.runners('b')).toMatchObject({ primary: 2 });
  });
});
