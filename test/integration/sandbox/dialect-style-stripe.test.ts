/**
 * `style:stripe` over loopback HTTP: a client that speaks Stripe lists (`{object: "list", data,
 * has_more}`, paging with the last object's id), gets by prefixed id, creates form-encoded and in
 * JSON, and updates records of the main areas; a parameter in another case is refused
 * `parameter_unknown`, a missing name `parameter_missing`; a missing record is `resource_missing`;
 * the spec's words stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loopbackFetch, type TestSandbox } from './helpers';
import { openConsole } from './compute-support';
import { send, startSeeded, type Rec, type SeededZone } from './dialect-support';

let sb: TestSandbox;
let z: SeededZone;
const FORM = 'application/x-www-form-urlencoded';

beforeAll(async () => {
  const started = await startSeeded(['style:stripe']);
  sb = started.sb;
  z = started.zones[1]!;
});
afterAll(() => sb.close());

type Obj = Rec & { id: string; object: string; name?: string };
const list = async (path: string) =>
  (await send(z, 'GET', path)).body as { object: string; data: Obj[]; has_more: boolean };

describe('style:stripe', () => {
  it('says which style it speaks at GET /_sandbox/dialect', async () => {
    expect((await call(z.base, '/_sandbox/dialect')).body).toMatchObject({ dialect: 'style:stripe', style: 'stripe' });
  });

  it.each([
    ['/containers', 'container', 'ctr_', 'web-1'],
    ['/kubernetes-clusters', 'cluster', 'cls_', undefined],
    ['/vpn-gateways', 'vpn_gateway', 'vpn_', undefined],
    ['/skills', 'skill', 'skl_', undefined],
    ['/workflows', 'workflow', 'wf_', 'triage'],
  ])('lists %s as a list of %s objects with prefixed ids, each got back by it', async (path, object, prefix, name) => {
    const l = await list(path);
    expect(l).toMatchObject({ object: 'list', has_more: false });
    const one = name ? l.data.find((x) => x.name === name)! : l.data[0]!;
    expect(one).toMatchObject({ object, metadata: {}, livemode: false, created: expect.any(Number) });
    expect(one.id.startsWith(prefix)).toBe(true);
    expect((await send(z, 'GET', `${path}/${one.id}`)).body).toEqual(one);
  });

  it('pages a workflow’s run history with has_more and the last run’s id', async () => {
    const wf = (await list('/workflows')).data.find((x) => x.name === 'triage')!;
    for (let i = 0; i < 3; i++) await send(z, 'POST', `/workflows/${wf.id}/run`, `input=r${i}`, FORM);
    const first = await list(`/workflows/${wf.id}/runs?limit=2`);
    expect(first.has_more).toBe(true);
    expect(first.data[0]).toMatchObject({ object: 'workflow_run', workflow_id: wf.id });
    const next = await list(`/workflows/${wf.id}/runs?limit=2&before=${first.data[1]!.id}`);
    expect(next.data[0]!.id).not.toBe(first.data[1]!.id);
  });

  it('streams a run by its prefixed id in the spec’s SSE framing', async () => {
    const wf = (await list('/workflows')).data.find((x) => x.name === 'triage')!;
    const run = (await send(z, 'POST', `/workflows/${wf.id}/run`, { input: 'sse' })).body as Obj;
    expect(run.id.startsWith('wfr_')).toBe(true);
    const ctrl = new AbortController();
    const res = await loopbackFetch(`${z.base}/api/v1/workflow-runs/${run.id}/stream`, {
      headers: { authorization: `Bearer ${z.token}` },
      signal: ctrl.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const first = new TextDecoder().decode((await res.body!.getReader().read()).value);
    expect(first).toMatch(/^(:.*\n)*id: 1\nevent: \w+\ndata: /m);
    ctrl.abort();
  });

  it('creates a container form-encoded and updates it in JSON', async () => {
    const c = await send(z, 'POST', '/containers', 'name=stripe-typed&memory_mib=256&metadata[team]=a', FORM);
    expect(c.status).toBe(201);
    const made = c.body as Obj;
    expect(made).toMatchObject({ object: 'container', name: 'stripe-typed', memory_mib: 256 });
    const u = await send(z, 'PUT', `/containers/${made.id}`, { memory_mib: 512 });
    expect(u.status).toBe(200);
    expect((await send(z, 'GET', `/containers/${made.id}`)).body).toMatchObject({ memory_mib: 512 });
  });

  it('takes a container’s prefixed id for its logs and its console', async () => {
    const web = (await list('/containers')).data.find((x) => x.name === 'web-1')!;
    const logs = await send(z, 'GET', `/containers/${web.id}/logs?tail=3`);
    expect(logs.status).toBe(200);
    expect(logs.text.trim().split('\n')).toHaveLength(3);
    const con = await openConsole(z.base, z.token, `/containers/${web.id}/console`);
    await con.waitFor('root@web-1');
    con.ws.close();
  });

  it('refuses a parameter in another style’s case as parameter_unknown, and creates nothing', async () => {
    const r = await send(z, 'POST', '/skills', { displayName: 'flat', description: 'x' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_unknown', param: 'displayName' },
    });
    expect((await list('/skills')).data.map((x) => x.description)).not.toContain('x');
  });

  it('says a missing name as parameter_missing with param "name"', async () => {
    const r = await send(z, 'POST', '/containers', { image: 'nginx:1.27' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: { code: 'parameter_missing', param: 'name', doc_url: expect.any(String) } });
  });

  it('says a missing record as resource_missing', async () => {
    const r = await send(z, 'GET', '/workflows/wf_nosuch');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'resource_missing' } });
  });

  it('keeps the spec’s workspace status words and last_error, and takes a prefixed id on CI/CD routes', async () => {
    const ws = await list('/workspaces');
    for (const w of ws.data) expect(['creating', 'ready', 'ci_error', 'failed']).toContain(w.status);
    const shop = ws.data.find((w) => w.name === 'shop')!;
    expect(shop.id.startsWith('ws_')).toBe(true);
    expect((await send(z, 'GET', `/workspaces/${shop.id}/cicd`)).body).toMatchObject({ enabled: true });
  });
});
