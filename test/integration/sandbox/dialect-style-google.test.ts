/**
 * `style:google` over loopback HTTP: a client that speaks AIP lists (under the collection, following
 * `nextPageToken` as `?before=`), gets by the last segment of `name`, creates (`{displayName, …}`)
 * and updates records of the main areas; a snake_case standard body is refused with
 * INVALID_ARGUMENT and a BadRequest naming `displayName`; a missing record is NOT_FOUND; the
 * spec's words stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestSandbox } from './helpers';
import { send, startSeeded, type Rec, type SeededZone } from './dialect-support';

let sb: TestSandbox;
let z: SeededZone;

beforeAll(async () => {
  const started = await startSeeded(['style:google']);
  sb = started.sb;
  z = started.zones[1]!;
});
afterAll(() => sb.close());

type Res = Rec & { name: string; uid?: string; displayName?: string };
const list = async (path: string, collection: string) => {
  const body = (await send(z, 'GET', path)).body as Rec;
  return { rows: body[collection] as Res[], next: body.nextPageToken as string | undefined };
};
const lastSegment = (name: string) => name.split('/').at(-1)!;

describe('style:google', () => {
  it('says which style it speaks at GET /_sandbox/dialect', async () => {
    expect((await call(z.base, '/_sandbox/dialect')).body).toMatchObject({ dialect: 'style:google', style: 'google' });
  });

  it.each([
    ['/containers', 'containers', 'web-1'],
    ['/kubernetes-clusters', 'clusters', undefined],
    ['/vpn-gateways', 'vpnGateways', undefined],
    ['/skills', 'skills', undefined],
    ['/workflows', 'workflows', 'triage'],
  ])('lists %s under "%s", each got back by the last segment of its name', async (path, collection, human) => {
    const { rows } = await list(path, collection);
    expect(rows.length).toBeGreaterThan(0);
    const one = human ? rows.find((x) => x.displayName === human)! : rows[0]!;
    expect(one.name).toMatch(new RegExp(`^zones/${z.base.match(/\/\/([^.]+)/)![1]}/${collection}/`));
    expect(lastSegment(one.name)).toBe(one.uid);
    const got = (await send(z, 'GET', `${path}/${lastSegment(one.name)}`)).body as Res;
    expect(got).toEqual(one);
  });

  it('says a container’s state as an UPPER_SNAKE enum with RFC 3339 times', async () => {
    const web = (await list('/containers', 'containers')).rows.find((x) => x.displayName === 'web-1')!;
    expect(web).toMatchObject({ state: 'RUNNING', createTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
  });

  it('pages a workflow’s run history with nextPageToken sent as ?before=', async () => {
    const wf = (await list('/workflows', 'workflows')).rows.find((x) => x.displayName === 'triage')!;
    const id = lastSegment(wf.name);
    for (let i = 0; i < 3; i++) await send(z, 'POST', `/workflows/${id}/run`, { input: `r${i}` });
    const first = await list(`/workflows/${id}/runs?limit=2`, 'workflowRuns');
    expect(first.rows).toHaveLength(2);
    expect(first.next).toBeTruthy();
    const next = await list(`/workflows/${id}/runs?limit=2&before=${first.next}`, 'workflowRuns');
    expect(next.rows[0]!.uid).not.toBe(first.rows[1]!.uid);
  });

  it('creates and updates a skill from {displayName, description}', async () => {
    const c = await send(z, 'POST', '/skills', { displayName: 'aip-typed', description: 'one' });
    expect(c.status).toBe(201);
    const id = lastSegment((c.body as Res).name);
    const u = await send(z, 'PUT', `/skills/${id}`, { description: 'two' });
    expect(u.status).toBe(200);
    const got = (await send(z, 'GET', `/skills/${id}`)).body as Res;
    expect(got).toMatchObject({ displayName: 'aip-typed', description: 'two' });
  });

  it('refuses a standard body with INVALID_ARGUMENT naming displayName, and creates nothing', async () => {
    const r = await send(z, 'POST', '/skills', { name: 'flat', description: 'x' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'displayName' }] },
        ],
      },
    });
    expect((await list('/skills', 'skills')).rows.map((x) => x.displayName)).not.toContain('flat');
  });

  it('says a missing record as NOT_FOUND', async () => {
    const r = await send(z, 'GET', '/workflows/no-such');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
  });

  it('keeps the spec’s workspace status words and last_error', async () => {
    const { rows } = await list('/workspaces', 'workspaces');
    for (const w of rows) {
      expect(['creating', 'ready', 'ci_error', 'failed']).toContain(w.status);
      expect(w).toHaveProperty('last_error');
    }
  });
});
