/**
 * `style:aws` over loopback HTTP: a client that speaks AWS's JSON lists (`{<Kinds>, NextToken}`),
 * gets by `<Kind>Id`, creates (a container named by its `Name` tag, a skill by `Name`) and updates
 * records of the main areas; a lowercase standard body is refused 400 `ValidationException` with
 * `x-amzn-ErrorType`; a missing record is `ResourceNotFoundException`; the spec's words stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestSandbox } from './helpers';
import { send, startSeeded, type Rec, type SeededZone } from './dialect-support';

let sb: TestSandbox;
let z: SeededZone;

beforeAll(async () => {
  const started = await startSeeded(['style:aws']);
  sb = started.sb;
  z = started.zones[1]!;
});
afterAll(() => sb.close());

type Tag = { Key: string; Value: unknown };
const list = async (path: string, member: string) => {
  const body = (await send(z, 'GET', path)).body as Rec;
  return { rows: body[member] as Rec[], next: body.NextToken as string | undefined };
};
const nameOf = (r: Rec) => r.Name ?? (r.Tags as Tag[] | undefined)?.find((t) => t.Key === 'Name')?.Value;

describe('style:aws', () => {
  it('says which style it speaks at GET /_sandbox/dialect', async () => {
    expect((await call(z.base, '/_sandbox/dialect')).body).toMatchObject({ dialect: 'style:aws', style: 'aws' });
  });

  it.each([
    ['/containers', 'Containers', 'ContainerId', 'web-1'],
    ['/kubernetes-clusters', 'Clusters', 'ClusterId', undefined],
    ['/vpn-gateways', 'VPNGateways', 'VPNGatewayId', undefined],
    ['/skills', 'Skills', 'SkillId', undefined],
    ['/workflows', 'Workflows', 'WorkflowId', 'triage'],
  ])('lists %s as %s, each got back by its %s', async (path, member, idKey, name) => {
    const { rows } = await list(path, member);
    expect(rows.length).toBeGreaterThan(0);
    const one = name ? rows.find((x) => nameOf(x) === name)! : rows[0]!;
    expect(typeof one[idKey]).toBe('string');
    expect((await send(z, 'GET', `${path}/${String(one[idKey])}`)).body).toEqual(one);
  });

  it('says a container as EC2 says an instance: the name only as a tag, State {Name, Code}, LaunchTime', async () => {
    const web = (await list('/containers', 'Containers')).rows.find((x) => nameOf(x) === 'web-1')!;
    expect(web).not.toHaveProperty('Name');
    expect(web).toMatchObject({ State: { Name: 'running', Code: 16 }, LaunchTime: expect.stringMatching(/Z$/) });
  });

  it('pages a workflow’s run history with NextToken sent as ?before=', async () => {
    const wf = (await list('/workflows', 'Workflows')).rows.find((x) => x.Name === 'triage')!;
    const id = String(wf.WorkflowId);
    for (let i = 0; i < 3; i++) await send(z, 'POST', `/workflows/${id}/run`, { Input: `r${i}` });
    const first = await list(`/workflows/${id}/runs?limit=2`, 'WorkflowRuns');
    expect(first.rows).toHaveLength(2);
    const next = await list(`/workflows/${id}/runs?limit=2&before=${first.next}`, 'WorkflowRuns');
    expect(next.rows[0]!.WorkflowRunId).not.toBe(first.rows[1]!.WorkflowRunId);
  });

  it('creates a container from its Name tag and updates it in PascalCase', async () => {
    const c = await send(z, 'POST', '/containers', { Tags: [{ Key: 'Name', Value: 'aws-typed' }], MemoryMib: 256 });
    expect(c.status).toBe(201);
    const id = String((c.body as Rec).ContainerId);
    expect(nameOf(c.body as Rec)).toBe('aws-typed');
    expect((await send(z, 'PUT', `/containers/${id}`, { MemoryMib: 512 })).status).toBe(200);
    expect((await send(z, 'GET', `/containers/${id}`)).body).toMatchObject({ MemoryMib: 512 });
  });

  it('creates and updates a skill from {Name, Description}', async () => {
    const c = await send(z, 'POST', '/skills', { Name: 'aws-skill', Description: 'one' });
    expect(c.status).toBe(201);
    const id = String((c.body as Rec).SkillId);
    expect((await send(z, 'PUT', `/skills/${id}`, { Description: 'two' })).status).toBe(200);
    expect((await send(z, 'GET', `/skills/${id}`)).body).toMatchObject({ Name: 'aws-skill', Description: 'two' });
  });

  it('refuses a lowercase standard body with a ValidationException, and creates nothing', async () => {
    const r = await send(z, 'POST', '/skills', { name: 'flat', description: 'x' });
    expect(r.status).toBe(400);
    expect(r.headers.get('x-amzn-errortype')).toBe('ValidationException');
    expect(r.body).toEqual({
      __type: 'ValidationException',
      message:
        "2 validation errors detected: Value null at 'Name' failed to satisfy constraint: Member must not be null; " +
        "Value null at 'Description' failed to satisfy constraint: Member must not be null",
    });
    expect((await list('/skills', 'Skills')).rows.map((x) => x.Name)).not.toContain('flat');
  });

  it('says a missing record as ResourceNotFoundException', async () => {
    const r = await send(z, 'GET', '/workflows/no-such');
    expect(r.status).toBe(404);
    expect(r.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
    expect(r.body).toMatchObject({ __type: 'ResourceNotFoundException' });
  });

  it('keeps the spec’s workspace status words and last_error', async () => {
    const { rows } = await list('/workspaces', 'Workspaces');
    for (const w of rows) {
      expect(['creating', 'ready', 'ci_error', 'failed']).toContain(w.status);
      expect(w).toHaveProperty('last_error');
    }
  });
});
