/**
 * `style:jsonapi` over loopback HTTP: a client that speaks JSON:API lists (following `links.next`),
 * gets by id, creates (`{data: {type, attributes}}`, sent as application/vnd.api+json) and updates
 * records of the main areas; a flat standard body is refused with JSON:API errors pointing at
 * `/data/attributes/name`; a missing record is a 404 error object; the spec's words stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestSandbox } from './helpers';
import { send, startSeeded, type Rec, type SeededZone } from './dialect-support';

let sb: TestSandbox;
let z: SeededZone;
const API = 'application/vnd.api+json';

beforeAll(async () => {
  const started = await startSeeded(['style:jsonapi']);
  sb = started.sb;
  z = started.zones[1]!;
});
afterAll(() => sb.close());

type Res = { type: string; id: string; attributes: Rec; relationships?: Rec };
const list = async (path: string) => {
  const r = await send(z, 'GET', path);
  expect(r.type).toBe(API);
  return r.body as { data: Res[]; links: { self: string; next?: string } };
};

describe('style:jsonapi', () => {
  it('says which style it speaks at GET /_sandbox/dialect', async () => {
    expect((await call(z.base, '/_sandbox/dialect')).body).toMatchObject({
      dialect: 'style:jsonapi',
      style: 'jsonapi',
    });
  });

  it.each([
    ['/containers', 'containers', 'web-1'],
    ['/kubernetes-clusters', 'clusters', undefined],
    ['/vpn-gateways', 'vpnGateways', undefined],
    ['/skills', 'skills', undefined],
    ['/workflows', 'workflows', 'triage'],
  ])('lists %s as resources of type %s, each got back by its id', async (path, type, name) => {
    const doc = await list(path);
    expect(doc.data.length).toBeGreaterThan(0);
    const one = name ? doc.data.find((x) => x.attributes.name === name)! : doc.data[0]!;
    expect(one.type).toBe(type);
    const got = (await send(z, 'GET', `${path}/${one.id}`)).body as { data: Res };
    expect(got.data).toEqual(one);
  });

  it('follows links.next through a workflow’s run history', async () => {
    const wf = (await list('/workflows')).data.find((x) => x.attributes.name === 'triage')!;
    for (let i = 0; i < 3; i++)
      await send(z, 'POST', `/workflows/${wf.id}/run`, { data: { attributes: { input: `r${i}` } } });
    const first = await list(`/workflows/${wf.id}/runs?limit=2`);
    expect(first.data).toHaveLength(2);
    expect(first.data[0]!.relationships).toEqual({ workflow: { data: { type: 'workflows', id: wf.id } } });
    const next = await list(first.links.next!.replace('/api/v1', ''));
    expect(next.data[0]!.id).not.toBe(first.data[1]!.id);
  });

  it('creates (sent as application/vnd.api+json) and updates a skill from {data: {attributes}}', async () => {
    const body = JSON.stringify({
      data: { type: 'skills', attributes: { name: 'jsonapi-typed', description: 'one' } },
    });
    const c = await send(z, 'POST', '/skills', body, API);
    expect(c.status).toBe(201);
    const id = (c.body as { data: Res }).data.id;
    const u = await send(z, 'PUT', `/skills/${id}`, {
      data: { type: 'skills', id, attributes: { description: 'two' } },
    });
    expect(u.status).toBe(200);
    const got = (await send(z, 'GET', `/skills/${id}`)).body as { data: Res };
    expect(got.data.attributes).toMatchObject({ name: 'jsonapi-typed', description: 'two' });
  });

  it('refuses a flat standard body with errors pointing at /data/attributes, and creates nothing', async () => {
    const r = await send(z, 'POST', '/skills', { name: 'flat', description: 'x' });
    expect(r.status).toBe(422);
    expect(r.type).toBe(API);
    expect((r.body as { errors: Rec[] }).errors.map((e) => e.source)).toEqual([
      { pointer: '/data/attributes/name' },
      { pointer: '/data/attributes/description' },
    ]);
    expect((await list('/skills')).data.map((x) => x.attributes.name)).not.toContain('flat');
  });

  it('says a missing record as a 404 error object', async () => {
    const r = await send(z, 'GET', '/workflows/no-such');
    expect(r.status).toBe(404);
    expect(r.type).toBe(API);
    expect((r.body as { errors: Rec[] }).errors[0]).toMatchObject({ status: '404', title: 'Not Found' });
  });

  it('keeps the spec’s workspace status words and last_error, and the CI/CD status in JSON', async () => {
    const ws = await list('/workspaces');
    for (const w of ws.data) {
      expect(['creating', 'ready', 'ci_error', 'failed']).toContain(w.attributes.status);
      expect(w.attributes).toHaveProperty('last_error');
    }
    const shop = ws.data.find((w) => w.attributes.name === 'shop')!;
    const cicd = await send(z, 'GET', `/workspaces/${shop.id}/cicd`);
    expect(cicd.type).toContain('application/json');
    expect(cicd.body).toMatchObject({ enabled: true, tracked_branch: expect.any(String) });
  });
});
