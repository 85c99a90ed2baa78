import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceHost } from '../../../src-main/sandbox/repos/source-host';
import { advanceClock, call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
const WS = '/api/v1/workspaces';
type Rec = Record<string, unknown>;

const post = (path: string, body?: unknown) => call(sb.eu, path, { token, method: 'POST', body });
const get = (path: string) => call(sb.eu, path, { token });
async function seeded(name: string): Promise<Rec> {
  const list = await get(WS);
  return (list.body.items as Rec[]).find((w) => w.name === name)!;
}
async function settled(id: string): Promise<Rec> {
  await advanceClock(sb.eu, 3);
  return (await get(`${WS}/${id}`)).body;
}

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

describe('repositories', () => {
  it('registers idempotently through the connector; unknown repos are 422', async () => {
    const a = await post('/api/v1/repos', { full_name: 'acme/blog' });
    expect(a.status).toBe(201);
    const b = await post('/api/v1/repos', { full_name: 'acme/blog' });
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect((await post('/api/v1/repos', { full_name: 'acme/missing' })).status).toBe(422);
    expect((await call(sb.eu, `/api/v1/repos/${String(a.body.id)}`, { token, method: 'DELETE' })).status).toBe(204);
    const list = await get('/api/v1/repos');
    expect((list.body.items as Rec[]).map((r) => r.full_name)).not.toContain('acme/blog');
  });
});

describe('workspace creation', () => {
  it('validates repo_full_name XOR new_repo and deploy_server_id with enable_cicd', async () => {
    expect((await post(WS, { name: 'x' })).status).toBe(400);
    expect((await post(WS, { name: 'x', repo_full_name: 'acme/api', new_repo: 'y' })).status).toBe(400);
    expect((await post(WS, { name: 'x', repo_full_name: 'acme/api', enable_cicd: true })).status).toBe(400);
    expect((await post(WS, { name: 'x', repo_full_name: 'acme/nope' })).status).toBe(422);
    expect((await post(WS, { name: 'x', new_repo: 'storefront' })).status).toBe(409);
  });

  it('goes creating -> ready, binds a new repo, and keeps the repo after delete', async () => {
    const c = await post(WS, { name: 'fresh', new_repo: 'fresh-app', enable_cicd: true, deploy_server_id: 'ds-main' });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ status: 'creating', last_error: null, repo_full_name: 'acme/fresh-app' });
    const ready = await settled(c.body.id as string);
    expect(ready.status).toBe('ready');
    const cicd = (await get(`${WS}/${String(c.body.id)}/cicd`)).body;
    expect(cicd).toMatchObject({ enabled: true, tracked_branch: 'main' });
    expect(String(cicd.app_status)).toMatch(/^running/);
    expect(cicd.last_deployed_sha).toMatch(/^[0-9a-f]{40}$/);
    const renamed = await call(sb.eu, `${WS}/${String(c.body.id)}`, {
      token,
      method: 'PATCH',
      body: { name: 'renamed' },
    });
    expect(renamed.body.name).toBe('renamed');
    expect((await call(sb.eu, `${WS}/${String(c.body.id)}`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await get(`${WS}/${String(c.body.id)}`)).status).toBe(404);
    expect(((await get('/api/v1/repos')).body.items as Rec[]).map((r) => r.full_name)).toContain('acme/fresh-app');
  });

  it('an unknown deploy server ends in ci_error, a refused repo in failed', async () => {
    const e = await post(WS, {
      name: 'ci',
      repo_full_name: 'acme/api',
      enable_cicd: true,
      deploy_server_id: 'ds-nope',
    });
    const ci = await settled(e.body.id as string);
    expect(ci.status).toBe('ci_error');
    expect(String(ci.last_error)).toMatch(/ds-nope/);
    const retry = await post(`${WS}/${String(e.body.id)}/cicd/enable`, { deploy_server_id: 'ds-main' });
    expect(retry.body).toMatchObject({ enabled: true, deploy_server_id: 'ds-main' });
    expect((await get(`${WS}/${String(e.body.id)}`)).body.status).toBe('ready');

    const f = await post(WS, { name: 'bad', new_repo: 'fail-me' });
    const failed = await settled(f.body.id as string);
    expect(failed.status).toBe('failed');
    expect(typeof failed.last_error).toBe('string');
  });

  it('needs a source-hosting connector', async () => {
    sourceHost(sb.handle.world).setConnected('eu-1', sb.handle.world.tenantId, false);
    const r = await post(WS, { name: 'x', repo_full_name: 'acme/api' });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('no_connector');
    expect((await post('/api/v1/repos', { full_name: 'acme/api' })).status).toBe(409);
    sourceHost(sb.handle.world).setConnected('eu-1', sb.handle.world.tenantId, true);
  });
});

describe('CI/CD', () => {
  it('deploys, keeps history and logs, disables and re-enables', async () => {
    const shop = await seeded('shop');
    const path = `${WS}/${String(shop.id)}/cicd`;
    const before = (await get(`${path}/deployments`)).body.items as Rec[];
    const d = await post(`${path}/deploy`);
    expect(d.status).toBe(200);
    expect(Object.keys(d.body)).toEqual(
      expect.arrayContaining([
        'tracked_branch',
        'last_seen_sha',
        'last_deployed_sha',
        'app_status',
        'live_url',
        'enabled',
      ]),
    );
    const after = (await get(`${path}/deployments`)).body.items as Rec[];
    expect(after.length).toBe(before.length + 2);
    expect(
      after
        .slice(0, 2)
        .map((x) => x.app)
        .sort(),
    ).toEqual(['backend', 'storefront']);
    expect(after[0]).toMatchObject({ status: 'succeeded', commit: d.body.last_deployed_sha });
    for (const k of ['uuid', 'started_at', 'finished_at']) expect(after[0]).toHaveProperty(k);
    const log = await get(`${path}/deployments/${String(after[1]!.uuid)}/log`);
    expect(log.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(String(log.body)).toMatch(/Health check passed/);
    expect((await get(`${path}/deployments/log`)).status).toBe(200);
    expect((await get(`${path}/deployments/nope/log`)).status).toBe(404);
    expect((await post(`${path}/disable`)).body.enabled).toBe(false);
    expect((await post(`${path}/enable`)).body.enabled).toBe(true);
  });

  it('runtime-log takes app and lines; anything else is 400', async () => {
    const shop = await seeded('shop');
    const path = `${WS}/${String(shop.id)}/cicd/runtime-log`;
    const def = await get(path);
    expect(String(def.body).trim().split('\n')).toHaveLength(200);
    expect(String(def.body)).toMatch(/^storefront/);
    expect(
      String((await get(`${path}?app=backend&lines=5`)).body)
        .trim()
        .split('\n'),
    ).toHaveLength(5);
    expect(
      String((await get(`${path}?lines=1000`)).body)
        .trim()
        .split('\n'),
    ).toHaveLength(1000);
    for (const q of ['lines=0', 'lines=1001', 'lines=2.5', 'lines=abc', 'app=db'])
      expect((await get(`${path}?${q}`)).status).toBe(400);
  });
});

describe('per-kind routes', () => {
  it('store credentials only for store workspaces', async () => {
    const shop = await seeded('shop');
    const site = await seeded('company-site');
    const s = await get(`${WS}/${String(shop.id)}/store-credentials`);
    expect(Object.keys(s.body)).toEqual(
      expect.arrayContaining(['admin_password', 'admin_dashboard_url', 'storefront_url', 'publishable_key']),
    );
    expect((await get(`${WS}/${String(site.id)}/store-credentials`)).status).toBe(409);
    const c = await get(`${WS}/${String(site.id)}/cms-credentials`);
    expect(Object.keys(c.body)).toEqual(
      expect.arrayContaining(['admin_url', 'admin_user', 'admin_password', 'site_url']),
    );
    expect((await get(`${WS}/${String(shop.id)}/cms-credentials`)).status).toBe(409);
  });

  it('cms-cli takes a string array and refuses plugin/theme installs', async () => {
    const site = await seeded('company-site');
    const cli = `${WS}/${String(site.id)}/cms-cli`;
    expect((await post(cli, ['plugin', 'activate', 'seo'])).body).toMatchObject({ exit_code: 0 });
    for (const args of [
      ['plugin', 'install', 'x'],
      ['theme', 'install', 'y'],
    ]) {
      const r = await post(cli, args);
      expect(r.status).toBe(422);
      expect(String(r.body.message)).toMatch(/re-cloned from the repository on every deploy/);
    }
    for (const bad of [{ args: ['x'] }, [1, 2], []]) expect((await post(cli, bad)).status).toBe(400);
    expect((await post(`${WS}/${String((await seeded('shop')).id)}/cms-cli`, ['post', 'list'])).status).toBe(409);
  });
});

describe('chats', () => {
  it('creates run/team entries and pages newest first by seq', async () => {
    const shop = await seeded('shop');
    const path = `${WS}/${String(shop.id)}/chats`;
    const a = await post(path, { mode: 'agent', prompt: 'add a banner' });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ seq: 1, kind: 'run' });
    expect(typeof a.body.ref_id).toBe('string');
    const b = await post(path, { mode: 'team', prompt: 'redo checkout' });
    expect(b.body).toMatchObject({ seq: 2, kind: 'team' });
    expect((await post(path, { mode: 'solo', prompt: 'x' })).status).toBe(400);
    expect(((await get(path)).body.items as Rec[]).map((c) => c.seq)).toEqual([2, 1]);
    expect(((await get(`${path}?before=2`)).body.items as Rec[]).map((c) => c.seq)).toEqual([1]);
    expect((await get(`${path}?before=x`)).status).toBe(400);
  });
});
