import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { advanceClock, call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
const K = '/api/v1/kubernetes-clusters';
type Rec = Record<string, unknown>;

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

async function demo(): Promise<Rec> {
  return ((await call(sb.eu, K, { token })).body.items as Rec[]).find((c) => c.name === 'demo')!;
}

describe('clusters', () => {
  it('lists installable versions', async () => {
    const r = await call(sb.eu, `${K}/versions`, { token });
    expect((r.body.items as Rec[]).map((v) => v.version)).toEqual(['1.29.8', '1.30.4', '1.31.2']);
  });

  it('creates (provisioning -> running), renames, scales and deletes', async () => {
    expect((await call(sb.eu, K, { token, body: { name: 'Bad Name' } })).status).toBe(400);
    expect((await call(sb.eu, K, { token, body: { name: 'x', version: '0.1' } })).status).toBe(400);
    const c = await call(sb.eu, K, { token, body: { name: 'ci', version: '1.30.4', workers: 2 } });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ name: 'ci', status: 'provisioning', version: '1.30.4', workers: 2 });
    const id = String(c.body.id);
    expect((await call(sb.eu, `${K}/${id}/kubeconfig`, { token })).status).toBe(409);
    await advanceClock(sb.eu, 31);
    expect((await call(sb.eu, `${K}/${id}`, { token })).body.status).toBe('running');
    const put = await call(sb.eu, `${K}/${id}`, { token, method: 'PUT', body: { name: 'ci-2', workers: 4 } });
    expect(put.body).toMatchObject({ name: 'ci-2', workers: 4 });
    expect(((await call(sb.eu, `${K}/${id}/nodes`, { token })).body.items as Rec[]).length).toBe(5);
    expect((await call(sb.eu, `${K}/${id}`, { token, method: 'PUT', body: { workers: 0 } })).status).toBe(400);
    expect((await call(sb.eu, `${K}/${id}`, { token, method: 'DELETE' })).status).toBe(204);
    expect((await call(sb.eu, `${K}/${id}`, { token })).status).toBe(404);
  });

  it('lists nodes with roles, status and version', async () => {
    const d = await demo();
    const nodes = (await call(sb.eu, `${K}/${String(d.id)}/nodes`, { token })).body.items as Rec[];
    expect(nodes[0]).toMatchObject({ role: 'control-plane', status: 'ready', version: '1.30.4' });
    expect(nodes.slice(1).every((n) => n.role === 'worker')).toBe(true);
    expect(nodes).toHaveLength(4);
  });

  it('upgrades node by node, refusing bad versions and downgrades', async () => {
    const d = await demo();
    const up = `${K}/${String(d.id)}/upgrade`;
    expect((await call(sb.eu, up, { token, body: { version: '9.9.9' } })).status).toBe(400);
    expect((await call(sb.eu, up, { token, body: { version: '1.29.8' } })).status).toBe(409);
    expect((await call(sb.eu, up, { token, body: { version: '1.30.4' } })).status).toBe(409);
    const u = await call(sb.eu, up, { token, body: { version: '1.31.2' } });
    expect(u.status).toBe(202);
    expect(u.body).toMatchObject({ status: 'upgrading', upgrade: { to_version: '1.31.2', nodes_total: 4 } });
    await advanceClock(sb.eu, 41);
    const mid = await call(sb.eu, `${K}/${String(d.id)}`, { token });
    expect(mid.body).toMatchObject({ status: 'upgrading', upgrade: { nodes_upgraded: 2, progress_percent: 50 } });
    const nodes = (await call(sb.eu, `${K}/${String(d.id)}/nodes`, { token })).body.items as Rec[];
    expect(nodes.map((n) => n.version)).toEqual(['1.31.2', '1.31.2', '1.30.4', '1.30.4']);
    expect(nodes[2]!.status).toBe('upgrading');
    await advanceClock(sb.eu, 60);
    expect((await call(sb.eu, `${K}/${String(d.id)}`, { token })).body).toMatchObject({
      status: 'running',
      version: '1.31.2',
      upgrade: null,
    });
  });

  it('downloads a kubeconfig as an application/yaml attachment', async () => {
    const d = await demo();
    const r = await call(sb.eu, `${K}/${String(d.id)}/kubeconfig`, { token });
    expect(r.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="demo-kubeconfig.yaml"/);
    const cfg = parse(String(r.body)) as Rec & { clusters: Rec[]; users: Rec[]; contexts: Rec[] };
    expect(cfg).toMatchObject({ apiVersion: 'v1', kind: 'Config', 'current-context': 'demo' });
    const cluster = cfg.clusters[0]!.cluster as Rec;
    expect(String(cluster.server)).toMatch(/^https:\/\/.+:6443$/);
    expect(Buffer.from(String(cluster['certificate-authority-data']), 'base64').toString()).toMatch(
      /^-----BEGIN CERTIFICATE-----/,
    );
    expect((cfg.users[0]!.user as Rec).token).toEqual(expect.any(String));
    expect(cfg.contexts[0]).toMatchObject({ name: 'demo', context: { cluster: 'demo' } });
  });
});
