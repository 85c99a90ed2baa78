import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loopbackFetch, setFaults, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
const W = '/api/v1/workflows';
const R = '/api/v1/workflow-runs';

const gated = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'draft', type: 'llm', prompt: 'Draft: {{input}}' },
    { id: 'gate', type: 'approval', message: 'ok?' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'draft' },
    { from: 'draft', to: 'gate' },
    { from: 'gate', to: 'out' },
  ],
};
const quick = { nodes: [{ id: 'only', type: 'llm', prompt: 'Hi {{input}}' }], edges: [] };

const post = (path: string, body?: unknown) => call(sb.eu, path, { token, method: 'POST', body });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function deployed(draft: unknown): Promise<string> {
  const id = (await call(sb.eu, W, { token, body: { name: 'runs', draft_spec: draft } })).body.id as string;
  await post(`${W}/${id}/publish`);
  await post(`${W}/${id}/deploy`);
  return id;
}

async function waitFor(runId: string, statuses: string[], ms = 5000): Promise<Record<string, unknown>> {
  const end = Date.now() + ms;
  for (;;) {
    const r = await call(sb.eu, `${R}/${runId}`, { token });
    if (statuses.includes(r.body.status as string) || Date.now() > end) return r.body;
    await sleep(50);
  }
}

interface Ev {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** Reads an SSE response incrementally; `until` stops at a predicate or at the end of the stream. */
async function openStream(runId: string, lastEventId?: number) {
  const ctrl = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const res = await loopbackFetch(`${sb.eu}${R}/${runId}/stream`, { headers, signal: ctrl.signal });
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  const events: Ev[] = [];
  let buf = '';
  let ended = false;
  async function until(pred: (e: Ev[]) => boolean): Promise<void> {
    while (!pred(events) && !ended) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) ended = true;
      else buf += dec.decode(chunk.value, { stream: true });
      let at: number;
      while ((at = buf.indexOf('\n\n')) >= 0) {
        const frame = buf.slice(0, at);
        buf = buf.slice(at + 2);
        const f = Object.fromEntries(
          frame
            .split('\n')
            .filter((l) => !l.startsWith(':'))
            .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
        );
        if (f.id)
          events.push({
            id: Number(f.id),
            event: f.event ?? 'message',
            data: JSON.parse(f.data ?? '{}') as Record<string, unknown>,
          });
      }
    }
  }
  return { res, events, until, ended: () => ended, close: () => ctrl.abort() };
}

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

describe('runs', () => {
  it('walks the nodes to succeeded with a step trail and the executed spec', async () => {
    const id = await deployed(quick);
    const r = await post(`${W}/${id}/run`, { input: 'Ann' });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('queued');
    const done = await waitFor(r.body.id as string, ['succeeded', 'failed']);
    expect(done).toMatchObject({ status: 'succeeded', output: 'Hi Ann', version: 1, runner: 'primary', spec: quick });
    expect(done.steps).toMatchObject([{ node_id: 'only', status: 'succeeded', output: 'Hi Ann' }]);
  });

  it('parks at approval gates; approve continues, reject fails, approving twice is 409', async () => {
    const id = await deployed(gated);
    const a = (await post(`${W}/${id}/run`, { input: 'x' })).body.id as string;
    expect((await waitFor(a, ['waiting_approval'])).status).toBe('waiting_approval');
    const ok = await post(`${R}/${a}/approvals`, { decision: 'approve', comment: 'fine' });
    expect(ok.status).toBe(200);
    expect((await post(`${R}/${a}/approvals`, { decision: 'approve' })).status).toBe(409);
    const done = await waitFor(a, ['succeeded']);
    expect(done.output).toBe('Draft: x');
    expect(
      (done.steps as { node_id: string; decision?: string; comment?: string }[]).find((s) => s.node_id === 'gate'),
    ).toMatchObject({
      decision: 'approve',
      comment: 'fine',
    });

    const b = (await post(`${W}/${id}/run`, { input: 'y' })).body.id as string;
    await waitFor(b, ['waiting_approval']);
    expect((await post(`${R}/${b}/approvals`, { decision: 'maybe' })).status).toBe(400);
    await post(`${R}/${b}/approvals`, { decision: 'reject' });
    expect((await waitFor(b, ['failed'])).status).toBe('failed');
  });

  it('cancels a run; cancelling a finished run is 409', async () => {
    const id = await deployed(gated);
    const run = (await post(`${W}/${id}/run`, { input: 'x' })).body.id as string;
    const c = await post(`${R}/${run}/cancel`);
    expect(c.body.status).toBe('cancelled');
    expect((await post(`${R}/${run}/cancel`)).status).toBe(409);
    expect((await call(sb.eu, `${R}/nope`, { token })).status).toBe(404);
  });

  it('delete is 409 while runs are in flight; undeploy fails them', async () => {
    const id = await deployed(gated);
    const run = (await post(`${W}/${id}/run`, { input: 'x' })).body.id as string;
    await waitFor(run, ['waiting_approval']);
    const del = await call(sb.eu, `${W}/${id}`, { token, method: 'DELETE' });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('runs_in_flight');
    const u = await post(`${W}/${id}/undeploy`);
    expect(u.body.deployment).toEqual({ primary: null, canary: null });
    expect(await waitFor(run, ['failed'])).toMatchObject({ status: 'failed', error: 'runner removed by undeploy' });
    expect((await post(`${W}/${id}/run`, { input: 'x' })).status).toBe(409);
    expect((await call(sb.eu, `${W}/${id}`, { token, method: 'DELETE' })).status).toBe(204);
  });

  it('splits runs between primary and canary by weight; canary stop fails canary runs', async () => {
    const id = await deployed(gated);
    await post(`${W}/${id}/publish`);
    await post(`${W}/${id}/canary`, { version: 2, weight: 50 });
    const runs = [];
    for (let i = 0; i < 4; i++) runs.push((await post(`${W}/${id}/run`, { input: i })).body);
    expect(runs.map((r) => r.runner)).toEqual(['primary', 'canary', 'primary', 'canary']);
    expect(runs.map((r) => r.version)).toEqual([1, 2, 1, 2]);
    await call(sb.eu, `${W}/${id}/canary`, { token, method: 'DELETE' });
    const after = await Promise.all(runs.map((r) => call(sb.eu, `${R}/${String(r.id)}`, { token })));
    expect(after.map((r) => r.body.status === 'failed')).toEqual([false, true, false, true]);
    for (const r of runs) await post(`${R}/${String(r.id)}/cancel`);
  });

  it('paginates history newest first with before and limit', async () => {
    const id = await deployed(gated);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push((await post(`${W}/${id}/run`, { input: i })).body.id as string);
    const newest = [...ids].reverse();
    const p1 = await call<{ items: { id: string }[]; next_before: string }>(sb.eu, `${W}/${id}/runs`, { token });
    expect(p1.body.items.map((r) => r.id)).toEqual(newest.slice(0, 20));
    expect(p1.body.next_before).toBe(newest[19]);
    const p2 = await call<{ items: { id: string }[]; next_before: string | null }>(
      sb.eu,
      `${W}/${id}/runs?before=${p1.body.next_before}&limit=10`,
      { token },
    );
    expect(p2.body.items.map((r) => r.id)).toEqual(newest.slice(20));
    expect(p2.body.next_before).toBeNull();
    const p3 = await call<{ items: { id: string }[] }>(sb.eu, `${W}/${id}/runs?limit=3`, { token });
    expect(p3.body.items).toHaveLength(3);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'before=not-a-uuid']) {
      expect((await call(sb.eu, `${W}/${id}/runs?${q}`, { token })).status).toBe(400);
    }
    await post(`${W}/${id}/undeploy`);
  });
});

describe('run stream (SSE)', () => {
  it('streams numbered events, resumes after Last-Event-ID, and ends after run_finished', async () => {
    const id = await deployed(gated);
    const run = (await post(`${W}/${id}/run`, { input: 'z' })).body.id as string;
    const s1 = await openStream(run);
    expect(s1.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await s1.until((e) => e.some((x) => x.event === 'waiting_approval'));
    s1.close();
    const seen = s1.events.map((e) => e.id);
    expect(seen).toEqual(seen.map((_, i) => i + 1));
    expect(s1.events.map((e) => e.event)).toEqual([
      'run_queued',
      'run_started',
      'step_started',
      'step_finished',
      'step_started',
      'step_finished',
      'step_started',
      'waiting_approval',
    ]);
    const last = seen.at(-1)!;

    await post(`${R}/${run}/approvals`, { decision: 'approve' });
    const s2 = await openStream(run, last);
    await s2.until(() => false);
    expect(s2.ended()).toBe(true);
    expect(s2.events[0]!.id).toBe(last + 1);
    expect(s2.events.at(-1)).toMatchObject({
      event: 'run_finished',
      data: { status: 'succeeded', output: 'Draft: z' },
    });
    expect(s2.events.map((e) => e.event)).toContain('step_finished');
  });

  it('replays a finished run from the start and closes; drop-streams cuts open streams', async () => {
    const id = await deployed(gated);
    const run = (await post(`${W}/${id}/run`, { input: 'q' })).body.id as string;
    await waitFor(run, ['waiting_approval']);
    const live = await openStream(run);
    await live.until((e) => e.some((x) => x.event === 'waiting_approval'));
    await setFaults(sb.eu, { drop_streams: true });
    await live.until(() => false);
    expect(live.ended()).toBe(true);
    await setFaults(sb.eu, { drop_streams: false });

    await post(`${R}/${run}/cancel`);
    const replay = await openStream(run);
    await replay.until(() => false);
    expect(replay.events.at(-1)).toMatchObject({ event: 'run_finished', data: { status: 'cancelled' } });
  });
});

describe('stream_chunks (sandbox-only, for benchmarks)', () => {
  it('streams an llm step as that many numbered step_progress events that join to its output', async () => {
    const spec = { nodes: [{ id: 'ask', type: 'llm', prompt: 'Hello {{input}}', stream_chunks: 500 }], edges: [] };
    const id = await deployed(spec);
    const run = (await post(`${W}/${id}/run`, { input: 'there' })).body.id as string;
    const s = await openStream(run);
    await s.until(() => false);
    const progress = s.events.filter((e) => e.event === 'step_progress');
    expect(progress).toHaveLength(500);
    expect(progress.map((e) => e.data.index)).toEqual(progress.map((_, i) => i));
    const ids = s.events.map((e) => e.id);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    expect(s.events.at(-1)).toMatchObject({ event: 'run_finished', data: { status: 'succeeded' } });
  });

  it('refuses a count that is not a whole number in range', async () => {
    const id = (await call(sb.eu, W, { token, body: { name: 'bad-chunks' } })).body.id as string;
    const bad = { nodes: [{ id: 'ask', type: 'llm', prompt: 'x', stream_chunks: 20_001 }], edges: [] };
    const r = await post(`${W}/${id}/validate`, { spec: bad });
    expect(r.body).toMatchObject({ valid: false, errors: { ask: [expect.stringMatching(/stream_chunks/)] } });
  });
});

describe('step_ms (sandbox-only, for benchmarks)', () => {
  it('paces each step by its own duration instead of 200 ms', async () => {
    const nodes = Array.from({ length: 20 }, (_, i) => ({ id: `t${i}`, type: 'tool', tool: 't', step_ms: 5 }));
    const edges = nodes.slice(1).map((n, i) => ({ from: `t${i}`, to: n.id }));
    const id = await deployed({ nodes, edges });
    const run = (await post(`${W}/${id}/run`, { input: 'x' })).body.id as string;
    const s = await openStream(run);
    const t0 = performance.now();
    await s.until(() => false);
    // 20 steps at 200 ms would take 4 s; at 5 ms (plus the 200 ms queued → started) well under 2.
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(s.events.filter((e) => e.event === 'step_finished')).toHaveLength(20);
    expect(s.events.at(-1)).toMatchObject({ event: 'run_finished', data: { status: 'succeeded' } });
  });

  it('refuses a duration that is not a whole number in range', async () => {
    const id = (await call(sb.eu, W, { token, body: { name: 'bad-step-ms' } })).body.id as string;
    const bad = { nodes: [{ id: 'ask', type: 'llm', prompt: 'x', step_ms: 60_001 }], edges: [] };
    const r = await post(`${W}/${id}/validate`, { spec: bad });
    expect(r.body).toMatchObject({ valid: false, errors: { ask: [expect.stringMatching(/step_ms/)] } });
  });
});
