/**
 * `style:k8s` over loopback HTTP: a client that speaks Kubernetes objects lists, gets (by
 * metadata.uid), creates (`{metadata: {name}, spec}`) and updates records of the main areas; a
 * flat standard body is refused with a `Status` naming `metadata.name`; a missing record is a
 * `Status` NotFound; what the spec fixes keeps its name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestSandbox } from './helpers';
import { send, startSeeded, type Rec, type SeededZone } from './dialect-support';

let sb: TestSandbox;
let z: SeededZone;

beforeAll(async () => {
  const started = await startSeeded(['style:k8s']);
  sb = started.sb;
  z = started.zones[1]!;
});
afterAll(() => sb.close());

type Obj = { kind: string; metadata: { name: string; uid: string }; spec: Rec; status?: Rec };
const items = async (path: string) => {
  const list = (await send(z, 'GET', path)).body as { kind: string; items: Obj[] };
  return list;
};

describe('style:k8s', () => {
  it('says which style it speaks at GET /_sandbox/dialect', async () => {
    expect((await call(z.base, '/_sandbox/dialect')).body).toMatchObject({ dialect: 'style:k8s', style: 'k8s' });
  });

  it.each([
    ['/containers', 'ContainerList', 'web-1'],
    ['/kubernetes-clusters', 'ClusterList', undefined],
    ['/vpn-gateways', 'VPNGatewayList', undefined],
    ['/skills', 'SkillList', undefined],
    ['/workflows', 'WorkflowList', 'triage'],
  ])('lists %s as a %s of objects, each got back by its uid', async (path, kind, name) => {
    const list = await items(path);
    expect(list.kind).toBe(kind);
    expect(list.items.length).toBeGreaterThan(0);
    const one = name ? list.items.find((x) => x.metadata.name === name)! : list.items[0]!;
    expect(one.kind).toBe(kind.replace(/List$/, ''));
    const got = (await send(z, 'GET', `${path}/${one.metadata.uid}`)).body as Obj;
    expect(got.metadata).toEqual(one.metadata);
  });

  it('says a container’s state as status.phase in TitleCase, with a Ready condition', async () => {
    const web = (await items('/containers')).items.find((x) => x.metadata.name === 'web-1')!;
    expect(web.status).toMatchObject({ phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] });
  });

  it('creates and updates a skill from {metadata, spec}', async () => {
    const c = await send(z, 'POST', '/skills', { metadata: { name: 'k8s-typed' }, spec: { description: 'one' } });
    expect(c.status).toBe(201);
    const uid = (c.body as Obj).metadata.uid;
    const u = await send(z, 'PUT', `/skills/${uid}`, { spec: { description: 'two' } });
    expect(u.status).toBe(200);
    const got = (await send(z, 'GET', `/skills/${uid}`)).body as Obj;
    expect(got).toMatchObject({ kind: 'Skill', metadata: { name: 'k8s-typed' }, spec: { description: 'two' } });
  });

  it('creates a workflow whose draft graph round-trips whole under spec.draftSpec', async () => {
    const draft = { nodes: [{ id: 'in', type: 'input' }], edges: [] };
    const c = await send(z, 'POST', '/workflows', { metadata: { name: 'k8s-wf' }, spec: { draftSpec: draft } });
    expect(c.status).toBe(201);
    expect((c.body as Obj).spec.draftSpec).toEqual(draft);
  });

  it('refuses a flat standard body with a Status naming metadata.name, and creates nothing', async () => {
    const r = await send(z, 'POST', '/skills', { name: 'flat', description: 'x' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Invalid',
      code: 422,
      details: { causes: [{ field: 'metadata.name', reason: 'FieldValueRequired' }, { field: 'spec.description' }] },
    });
    expect((await items('/skills')).items.map((x) => x.metadata.name)).not.toContain('flat');
  });

  it('says a missing record as a Status NotFound', async () => {
    const r = await send(z, 'GET', '/workflows/no-such');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'NotFound', code: 404 });
  });

  it('keeps the spec’s workspace status words and last_error', async () => {
    const ws = await items('/workspaces');
    expect(ws.kind).toBe('WorkspaceList');
    for (const w of ws.items)
      expect(['creating', 'ready', 'ci_error', 'failed']).toContain((w as unknown as Rec).status);
  });
});
