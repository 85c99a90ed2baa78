/** Compute lifecycle over real HTTP: seeds, create/validate, actions and 409s, update, delete, --scale. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetSandbox } from './helpers';
import { type ComputeSandbox, computeSandbox, type Rec } from './compute-support';

let c: ComputeSandbox;
const shared = (id: string) => c.sb.handle.world.shared.instances.get('eu-1')!.get(id);

beforeAll(async () => {
  c = await computeSandbox();
});
afterAll(() => c.sb.close());

describe('seeds', () => {
  it('lists the handful of containers under items, in different states', async () => {
    const r = await c.api<{ items: Rec[] }>('/containers');
    expect(r.status).toBe(200);
    const states = Object.fromEntries(r.body.items.map((i) => [i.name, i.status]));
    expect(states).toMatchObject({
      'web-1': 'running',
      'worker-1': 'running',
      'db-proxy': 'stopped',
      'bench-logs': 'stopped',
    });
    const web = r.body.items.find((i) => i.name === 'web-1')!;
    expect(web).toMatchObject({
      kind: 'container',
      image: 'nginx:1.27',
      config_vars_count: 4,
      disks: [],
      nics: [expect.any(String)],
    });
    expect(shared(web.id)).toEqual({ kind: 'container', status: 'running' });
  });

  it('seeds microVMs, one suspended with its snapshot and no host', async () => {
    const vm = await c.byName('microvms', 'vm-sandbox');
    expect(vm).toMatchObject({
      kind: 'microvm',
      status: 'suspended',
      host_id: null,
      snapshot_id: expect.any(String),
      suspended_at: expect.any(String),
    });
    expect((await c.byName('microvms', 'vm-build')).status).toBe('running');
  });

  it('404s an unknown id', async () => {
    const r = await c.api('/containers/00000000-0000-4000-8000-000000000000');
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
  });
});

describe('create and update', () => {
  it('validates with per-field errors', async () => {
    const r = await c.api<{ error: string; fields: Record<string, string> }>('/containers', { body: { cpu: 999 } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('validation_failed');
    expect(Object.keys(r.body.fields).sort()).toEqual(['cpu', 'name']);
    const bad = await c.api<{ fields: Record<string, string> }>('/microvms', { body: { name: 'Not OK', vcpus: 1.5 } });
    expect(Object.keys(bad.body.fields).sort()).toEqual(['name', 'vcpus']);
  });

  it('refuses a duplicate name with 409', async () => {
    const r = await c.api('/containers', { body: { name: 'web-1' } });
    expect(r.status).toBe(409);
  });

  it('creates pending, then starting on a host, then running (clock steps)', async () => {
    const r = await c.api('/containers', { body: { name: 'api-1', image: 'node:22', ports: [3000] } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'pending',
      desired_status: 'running',
      host_id: null,
      image: 'node:22',
      ports: [{ port: 3000, protocol: 'tcp' }],
    });
    await advanceClock(c.sb.eu, 5);
    const mid = await c.api(`/containers/${r.body.id}`);
    expect(mid.body.status).toBe('starting');
    expect(mid.body.host_id).toEqual(expect.any(String));
    await advanceClock(c.sb.eu, 5);
    expect((await c.api(`/containers/${r.body.id}`)).body.status).toBe('running');
    expect(shared(r.body.id)?.status).toBe('running');
  });

  it('also progresses in real time, without moving the clock', async () => {
    const r = await c.api('/microvms', { body: { name: 'vm-rt' } });
    expect(r.body.status).toBe('pending');
    // Two ~300 ms steps; the timer settles them, no read needed (polling the shared map, not HTTP).
    const t0 = performance.now();
    while (shared(r.body.id)?.status !== 'running' && performance.now() - t0 < 5000)
      await new Promise((res) => setTimeout(res, 50));
    expect(shared(r.body.id)?.status).toBe('running');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(550);
  });

  it('PUT merges the given fields and keeps the rest', async () => {
    const web = await c.byName('containers', 'worker-1');
    const r = await c.api(`/containers/${web.id}`, { method: 'PUT', body: { memory_mib: 2048 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'worker-1', memory_mib: 2048, image: 'python:3.12-slim' });
    expect((await c.api(`/containers/${web.id}`, { method: 'PUT', body: { name: 'web-1' } })).status).toBe(409);
    expect((await c.api(`/containers/${web.id}`, { method: 'PUT', body: { cpu: 'lots' } })).status).toBe(400);
  });
});

describe('container actions', () => {
  it('stop -> stopping -> stopped, start -> starting -> running, 202 each', async () => {
    const { id } = await c.byName('containers', 'web-1');
    const stop = await c.api(`/containers/${id}/stop`, { method: 'POST' });
    expect(stop.status).toBe(202);
    expect(stop.body).toMatchObject({ status: 'stopping', desired_status: 'stopped' });
    const again = await c.api<{ error: string }>(`/containers/${id}/stop`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('invalid_state');
    await c.settle('containers', id, 'stopped');
    expect(shared(id)?.status).toBe('stopped');
    const start = await c.api(`/containers/${id}/start`, { method: 'POST' });
    expect(start.body.status).toBe('starting');
    await c.settle('containers', id, 'running');
  });

  it('start while running is 409 invalid_state', async () => {
    const { id } = await c.byName('containers', 'worker-1');
    const r = await c.api<{ error: string; message: string }>(`/containers/${id}/start`, { method: 'POST' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'invalid_state', message: expect.stringContaining('running') });
  });

  it('reschedule moves to another host', async () => {
    const before = await c.byName('containers', 'worker-1');
    const r = await c.api(`/containers/${before.id}/reschedule`, { method: 'POST' });
    expect(r.body.status).toBe('rescheduling');
    const after = await c.settle('containers', before.id, 'running');
    expect(after.host_id).not.toBe(before.host_id);
    expect(after.host_id).toEqual(expect.any(String));
  });

  it('delete answers 204, forgets the instance and releases its disks', async () => {
    const r = await c.api('/containers', { body: { name: 'doomed' } });
    const disk = '5b1f0c2e-2c4d-4e8a-8000-000000000d03';
    expect((await c.api(`/containers/${r.body.id}/disks`, { body: { disk_id: disk } })).status).toBe(200);
    const del = await c.api(`/containers/${r.body.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await c.api(`/containers/${r.body.id}`)).status).toBe(404);
    expect(shared(r.body.id)).toBeUndefined();
    expect(c.sb.handle.world.shared.disks.get('eu-1')!.get(disk)!.attached_to).toBeNull();
  });
});

describe('microVM actions', () => {
  it('suspend takes a snapshot and frees the host; resume restores from it', async () => {
    const vm = await c.byName('microvms', 'vm-build');
    const s = await c.api(`/microvms/${vm.id}/suspend`, { method: 'POST' });
    expect(s.status).toBe(202);
    expect(s.body.status).toBe('suspending');
    const suspended = await c.settle('microvms', vm.id, 'suspended');
    expect(suspended).toMatchObject({
      host_id: null,
      snapshot_id: expect.any(String),
      suspended_at: expect.any(String),
    });
    expect((await c.api(`/microvms/${vm.id}/suspend`, { method: 'POST' })).status).toBe(409);
    expect((await c.api(`/microvms/${vm.id}/reboot`, { method: 'POST' })).status).toBe(409);
    const r = await c.api(`/microvms/${vm.id}/resume`, { method: 'POST' });
    expect(r.body.status).toBe('resuming');
    const running = await c.settle('microvms', vm.id, 'running');
    expect(running).toMatchObject({
      restored_from_snapshot: suspended.snapshot_id,
      snapshot_id: null,
      suspended_at: null,
    });
    expect(running.host_id).toEqual(expect.any(String));
  });

  it('resume when not suspended and suspend when stopped are 409', async () => {
    const vm = await c.byName('microvms', 'vm-build');
    expect((await c.api(`/microvms/${vm.id}/resume`, { method: 'POST' })).status).toBe(409);
    await c.api(`/microvms/${vm.id}/stop`, { method: 'POST' });
    await c.settle('microvms', vm.id, 'stopped');
    const r = await c.api<{ error: string }>(`/microvms/${vm.id}/suspend`, { method: 'POST' });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('invalid_state');
    await c.api(`/microvms/${vm.id}/start`, { method: 'POST' });
    await c.settle('microvms', vm.id, 'running');
  });

  it('reboot passes through rebooting and counts the boot', async () => {
    const vm = await c.byName('microvms', 'vm-build');
    const r = await c.api(`/microvms/${vm.id}/reboot`, { method: 'POST' });
    expect(r.body.status).toBe('rebooting');
    const after = await c.settle('microvms', vm.id, 'running');
    expect(after.boot_count).toBe((vm.boot_count as number) + 1);
  });

  it('stopping a suspended microVM discards the snapshot', async () => {
    const vm = await c.byName('microvms', 'vm-sandbox');
    expect((await c.api(`/microvms/${vm.id}/stop`, { method: 'POST' })).status).toBe(202);
    const stopped = await c.settle('microvms', vm.id, 'stopped');
    expect(stopped.snapshot_id).toBeNull();
  });
});

describe('reset and scale', () => {
  it('reset restores the seed', async () => {
    await c.api('/containers', { body: { name: 'temp-1' } });
    await resetSandbox(c.sb.eu);
    await c.relogin();
    const names = (await c.api<{ items: Rec[] }>('/containers')).body.items.map((i) => i.name);
    expect(names).toEqual(['web-1', 'worker-1', 'db-proxy', 'bench-logs']);
    expect((await c.byName('microvms', 'vm-sandbox')).status).toBe('suspended');
  });

  it('--scale 20000 starts fast and lists every container', async () => {
    const t0 = performance.now();
    const big = await computeSandbox({ scale: 20_000, zones: ['eu-1'] });
    try {
      expect(performance.now() - t0).toBeLessThan(10_000);
      const r = await big.api<{ items: Rec[] }>('/containers');
      expect(r.body.items).toHaveLength(20_000);
      expect(r.body.items[0]!.name).toBe('web-1');
      expect((await big.api<{ items: Rec[] }>('/microvms')).body.items).toHaveLength(2_000);
    } finally {
      await big.sb.close();
    }
  });
});
