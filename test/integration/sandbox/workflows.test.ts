import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
const W = '/api/v1/workflows';

const spec = (prompt: string) => ({
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'ask', type: 'llm', prompt },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'ask' },
    { from: 'ask', to: 'out' },
  ],
});

async function create(draft: unknown = spec('Say {{input}}')): Promise<string> {
  const r = await call(sb.eu, W, {
    token,
    body: { name: `wf-${Math.random()}`, description: 'test', draft_spec: draft },
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}
const post = (path: string, body?: unknown) => call(sb.eu, path, { token, method: 'POST', body });

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

describe('authoring', () => {
  it('lists the seeded workflow and does CRUD', async () => {
    const list = await call<{ items: { name: string }[] }>(sb.eu, W, { token });
    expect(list.body.items.map((w) => w.name)).toContain('triage');
    const id = await create();
    const put = await call(sb.eu, `${W}/${id}`, { token, method: 'PUT', body: { name: 'renamed' } });
    expect(put.body).toMatchObject({ name: 'renamed', draft_spec: spec('Say {{input}}') });
    expect((await call(sb.eu, `${W}/${id}`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await call(sb.eu, `${W}/${id}`, { token })).status).toBe(404);
  });

  it('publish refuses an invalid draft with 422 and a per-node error map', async () => {
    const bad = {
      nodes: [
        { id: 'a', type: 'llm' },
        { id: 'b', type: 'tool', tool: 'search' },
        { id: 'c', type: 'tool', tool: 'x' },
        { id: 'd', type: 'teleport' },
      ],
      edges: [
        { from: 'b', to: 'c' },
        { from: 'c', to: 'b' },
        { from: 'a', to: 'ghost' },
      ],
    };
    const id = await create(bad);
    const r = await post(`${W}/${id}/publish`);
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('invalid_spec');
    const errors = r.body.errors as Record<string, string[]>;
    expect(errors.a!.join(' ')).toMatch(/prompt/);
    expect(errors.a!.join(' ')).toMatch(/unknown node/);
    expect(errors.b!.join(' ')).toMatch(/cycle/);
    expect(errors.c!.join(' ')).toMatch(/cycle/);
    expect(errors.d!.join(' ')).toMatch(/unknown type/);
    const v = await post(`${W}/${id}/validate`);
    expect(v.status).toBe(200);
    expect(v.body).toEqual({ valid: false, errors });
    const lint = await post(`${W}/${id}/validate`, { spec: spec('ok') });
    expect(lint.body).toEqual({ valid: true, errors: {} });
    expect((await call(sb.eu, `${W}/${id}`, { token })).body.draft_spec).toEqual(bad);
  });

  it('publishes numbered immutable versions', async () => {
    const id = await create(spec('one {{input}}'));
    expect((await post(`${W}/${id}/publish`)).body).toMatchObject({ version: 1 });
    await call(sb.eu, `${W}/${id}`, { token, method: 'PUT', body: { draft_spec: spec('two {{input}}') } });
    expect((await post(`${W}/${id}/publish`)).body).toMatchObject({ version: 2 });
    await call(sb.eu, `${W}/${id}`, { token, method: 'PUT', body: { draft_spec: spec('three {{input}}') } });
    const v1 = await call(sb.eu, `${W}/${id}/versions/1`, { token });
    expect(v1.body).toMatchObject({ version: 1, spec: spec('one {{input}}') });
    const list = await call<{ items: { version: number }[] }>(sb.eu, `${W}/${id}/versions`, { token });
    expect(list.body.items.map((v) => v.version)).toEqual([1, 2]);
    expect((await call(sb.eu, `${W}/${id}/versions/9`, { token })).status).toBe(404);
  });
});

describe('runners', () => {
  it('deploy needs a published version', async () => {
    const id = await create();
    expect((await post(`${W}/${id}/deploy`)).status).toBe(409);
    expect((await post(`${W}/${id}/run`, { input: 'x' })).status).toBe(409);
    await post(`${W}/${id}/publish`);
    const d = await post(`${W}/${id}/deploy`);
    expect(d.status).toBe(200);
    expect(d.body.deployment).toMatchObject({ primary: { version: 1, status: 'running' }, canary: null });
  });

  it('canary starts, reweights, and validates its body', async () => {
    const id = await create(spec('v1 {{input}}'));
    await post(`${W}/${id}/publish`);
    await post(`${W}/${id}/deploy`);
    await call(sb.eu, `${W}/${id}`, { token, method: 'PUT', body: { draft_spec: spec('v2 {{input}}') } });
    await post(`${W}/${id}/publish`);
    expect((await post(`${W}/${id}/canary`, { version: 2, weight: 101 })).status).toBe(400);
    expect((await post(`${W}/${id}/canary`, { version: 7, weight: 10 })).status).toBe(422);
    const a = await post(`${W}/${id}/canary`, { version: 2, weight: 10 });
    expect(a.body.deployment).toMatchObject({ canary: { version: 2, weight: 10 } });
    const b = await post(`${W}/${id}/canary`, { version: 2, weight: 60 });
    expect(b.body.deployment).toMatchObject({ canary: { version: 2, weight: 60 } });
    expect((b.body.deployment as { canary: { runner_id: string } }).canary.runner_id).toBe(
      (a.body.deployment as { canary: { runner_id: string } }).canary.runner_id,
    );
    expect((await call(sb.eu, `${W}/${id}/canary`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await call(sb.eu, `${W}/${id}/canary`, { token, method: 'DELETE' })).status).toBe(409);
  });

  it('promote is gated by a passing eval suite when require_eval_pass is set', async () => {
    const id = await create(spec('old {{input}}'));
    await post(`${W}/${id}/publish`);
    await post(`${W}/${id}/deploy`);
    await call(sb.eu, `${W}/${id}`, { token, method: 'PUT', body: { draft_spec: spec('new {{input}}') } });
    await post(`${W}/${id}/publish`);
    await post(`${W}/${id}/canary`, { version: 2, weight: 20 });
    expect(
      (await call(sb.eu, `${W}/${id}/eval-gate`, { token, method: 'PUT', body: { require_eval_pass: true } })).body,
    ).toEqual({
      require_eval_pass: true,
    });
    expect((await post(`${W}/${id}/canary/promote`)).status).toBe(409);

    const c = await post(`${W}/${id}/evals`, { name: 'says new', kind: 'contains', input: 'hi', expected: 'new hi' });
    expect(c.status).toBe(201);
    await post(`${W}/${id}/evals`, { kind: 'equals', input: 'x', expected: 'new x' });
    await post(`${W}/${id}/evals`, { kind: 'llm_judge', input: 'x', criteria: 'is polite' });
    expect((await post(`${W}/${id}/evals`, { kind: 'regex', input: 'x' })).status).toBe(400);

    const primary = await post(`${W}/${id}/evals/run`, { target: 'primary' });
    expect(primary.body).toMatchObject({ target: 'primary', version: 1, passed: false });
    expect((await post(`${W}/${id}/canary/promote`)).status).toBe(409);
    const canary = await post(`${W}/${id}/evals/run`, { target: 'canary' });
    expect(canary.body).toMatchObject({ target: 'canary', version: 2, passed: true });
    expect((canary.body.verdicts as unknown[]).length).toBe(3);
    const again = await post(`${W}/${id}/evals/run`, { target: 'canary' });
    expect(again.body.verdicts).toEqual(canary.body.verdicts);

    const results = await call<{ items: { id: string }[] }>(sb.eu, `${W}/${id}/evals/results`, { token });
    expect(results.body.items.map((s) => s.id)).toEqual([again.body.id, canary.body.id, primary.body.id]);

    const p = await post(`${W}/${id}/canary/promote`);
    expect(p.status).toBe(200);
    expect(p.body.deployment).toMatchObject({ primary: { version: 2 }, canary: null });
  });

  it('eval cases update by id and delete', async () => {
    const id = await create();
    const c = await post(`${W}/${id}/evals`, { kind: 'contains', input: 'a', expected: 'a' });
    const u = await post(`${W}/${id}/evals`, { id: c.body.id, kind: 'equals', input: 'a', expected: 'b' });
    expect(u.status).toBe(200);
    const list = await call<{ items: unknown[] }>(sb.eu, `${W}/${id}/evals`, { token });
    expect(list.body.items).toEqual([u.body]);
    expect((await call(sb.eu, `${W}/${id}/evals/${String(c.body.id)}`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await post(`${W}/${id}/evals/run`, { target: 'primary' })).status).toBe(409);
  });

  it('webhook rotate returns the secret once, never stored in the clear', async () => {
    const id = await create();
    const a = await post(`${W}/${id}/webhook/rotate`);
    expect(Object.keys(a.body)).toEqual(['secret']);
    const b = await post(`${W}/${id}/webhook/rotate`);
    expect(b.body.secret).not.toBe(a.body.secret);
    const got = await call(sb.eu, `${W}/${id}`, { token });
    expect(JSON.stringify(got.body)).not.toContain(String(b.body.secret));
    expect(got.body.webhook).toMatchObject({ secret_set: true });
  });
});
