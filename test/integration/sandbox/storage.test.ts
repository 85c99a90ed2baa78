import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_IDS, SEED_DISKS } from '../../../src-main/sandbox/storage/disks';
import { call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
let viewer: string;
const [d1, d2] = SEED_DISKS;

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
  viewer = (await signIn(sb.eu, 'viewer@example.com', 'sandbox-viewer')).access_token;
});
afterAll(() => sb.close());

describe('disk snapshot restore', () => {
  it('returns exactly the restore result and creates the new disk', async () => {
    const r = await call(sb.eu, `/api/v1/disks/${d1.id}/snapshots/nightly-1/restore`, { method: 'POST', token });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['disk_id', 'new_disk_id', 'new_disk_uuid', 'status']);
    expect(r.body.disk_id).toBe(d1.id);
    const created = sb.handle.world.shared.disks.get('eu-1')!.get(r.body.new_disk_uuid as string);
    expect(created).toMatchObject({ short_id: r.body.new_disk_id, attached_to: null, host_id: HOST_IDS[0] });
  });

  it('restored disk can be addressed by its short id', async () => {
    const r = await call(sb.eu, `/api/v1/disks/${d1.id}/snapshots/nightly-2/restore`, { method: 'POST', token });
    const m = await call(sb.eu, `/api/v1/disks/${String(r.body.new_disk_id)}/migrate`, {
      token,
      body: { target_host_id: HOST_IDS[2] },
    });
    expect(m.status).toBe(204);
  });

  it('404s for an unknown disk or snapshot', async () => {
    expect((await call(sb.eu, `/api/v1/disks/${d1.id}/snapshots/nope/restore`, { method: 'POST', token })).status).toBe(
      404,
    );
    expect(
      (
        await call(sb.eu, `/api/v1/disks/00000000-0000-4000-8000-000000000000/snapshots/x/restore`, {
          method: 'POST',
          token,
        })
      ).status,
    ).toBe(404);
  });

  it('needs disks:restore', async () => {
    const r = await call(sb.eu, `/api/v1/disks/${d1.id}/snapshots/nightly-1/restore`, {
      method: 'POST',
      token: viewer,
    });
    expect(r.status).toBe(403);
  });
});

describe('disk migrate', () => {
  it('moves an unattached disk: 204 with an empty body', async () => {
    const r = await call(sb.eu, `/api/v1/disks/${d2.id}/migrate`, { token, body: { target_host_id: HOST_IDS[2] } });
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
    expect(sb.handle.world.shared.disks.get('eu-1')!.get(d2.id)!.host_id).toBe(HOST_IDS[2]);
  });

  it('validates target_host_id', async () => {
    expect(
      (await call(sb.eu, `/api/v1/disks/${d2.id}/migrate`, { token, body: { target_host_id: 'host-1' } })).status,
    ).toBe(400);
    expect((await call(sb.eu, `/api/v1/disks/${d2.id}/migrate`, { token, body: {} })).status).toBe(400);
    const unknown = await call(sb.eu, `/api/v1/disks/${d2.id}/migrate`, {
      token,
      body: { target_host_id: '11111111-1111-4111-8111-111111111111' },
    });
    expect(unknown.status).toBe(422);
  });

  it('is refused with 409 while attached to a running VM, allowed once it stops', async () => {
    const world = sb.handle.world;
    const instances = world.shared.instances.get('eu-1')!;
    instances.set('vm-test-1', { kind: 'microvm', status: 'running' });
    world.shared.disks.get('eu-1')!.get(d2.id)!.attached_to = { kind: 'microvm', id: 'vm-test-1' };
    const r = await call(sb.eu, `/api/v1/disks/${d2.id}/migrate`, { token, body: { target_host_id: HOST_IDS[0] } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      error: 'disk_attached_to_running_vm',
      instance_id: 'vm-test-1',
      instance_kind: 'microvm',
    });
    expect(typeof r.body.message).toBe('string');
    instances.set('vm-test-1', { kind: 'microvm', status: 'stopped' });
    expect(
      (await call(sb.eu, `/api/v1/disks/${d2.id}/migrate`, { token, body: { target_host_id: HOST_IDS[0] } })).status,
    ).toBe(204);
  });

  it('is refused for a disk attached through compute to a running microVM', async () => {
    const vms = await call<{ items: { id: string; status: string }[] }>(sb.eu, '/api/v1/microvms', { token });
    const running = vms.body.items?.find((v) => v.status === 'running');
    expect(running).toBeDefined();
    const d3 = SEED_DISKS[2].id;
    const a = await call(sb.eu, `/api/v1/microvms/${running!.id}/disks`, { token, body: { disk_id: d3 } });
    expect(a.status).toBe(200);
    const r = await call(sb.eu, `/api/v1/disks/${d3}/migrate`, { token, body: { target_host_id: HOST_IDS[1] } });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      error: 'disk_attached_to_running_vm',
      instance_id: running!.id,
      instance_kind: 'microvm',
    });
  });

  it('needs disks:update', async () => {
    const r = await call(sb.eu, `/api/v1/disks/${d2.id}/migrate`, {
      token: viewer,
      body: { target_host_id: HOST_IDS[0] },
    });
    expect(r.status).toBe(403);
  });

  it('reset restores the seeded disks', async () => {
    await call(sb.eu, '/_sandbox/reset', { body: {} });
    const disk = sb.handle.world.shared.disks.get('eu-1')!.get(d2.id)!;
    expect(disk).toMatchObject({ host_id: HOST_IDS[1], attached_to: null });
  });
});
