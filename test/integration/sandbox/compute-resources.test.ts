/** Config vars, database attachments, disks, NICs, metrics and activity of containers and microVMs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, NIC_IDS } from '../../../src-main/sandbox/compute/catalog';
import { HOST_IDS, SEED_DISKS } from '../../../src-main/sandbox/storage/disks';
import { type ComputeSandbox, computeSandbox, type Rec } from './compute-support';

let c: ComputeSandbox;
let web: Rec;
let worker: Rec;
let proxy: Rec;
let vm: Rec;

beforeAll(async () => {
  c = await computeSandbox();
  web = await c.byName('containers', 'web-1');
  worker = await c.byName('containers', 'worker-1');
  proxy = await c.byName('containers', 'db-proxy');
  vm = await c.byName('microvms', 'vm-build');
});
afterAll(() => c.sb.close());

type Vars = { config_vars: Record<string, string>; applied_live?: boolean };

describe('config vars', () => {
  it('reads the seeded map', async () => {
    const r = await c.api<Vars>(`/containers/${web.id}/config-vars`);
    expect(r.body.config_vars).toMatchObject({
      PORT: '8080',
      LOG_LEVEL: 'info',
      DATABASE_URL: expect.stringMatching(/^postgres:\/\//),
    });
  });

  it('PUT replaces the whole map, applied live on a running instance', async () => {
    const put = await c.api<Vars>(`/microvms/${vm.id}/config-vars`, {
      method: 'PUT',
      body: { config_vars: { A: '1', B_2: 'two' } },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ config_vars: { A: '1', B_2: 'two' }, applied_live: true });
    expect((await c.api<Vars>(`/microvms/${vm.id}/config-vars`)).body.config_vars).toEqual({ A: '1', B_2: 'two' });
    expect((await c.api(`/microvms/${vm.id}`)).body.config_vars_count).toBe(2);
  });

  it('is persisted but not live on a stopped instance', async () => {
    const put = await c.api<Vars>(`/containers/${proxy.id}/config-vars`, {
      method: 'PUT',
      body: { config_vars: { POOL: '20' } },
    });
    expect(put.body.applied_live).toBe(false);
  });

  it('rejects keys that are not environment names', async () => {
    const r = await c.api<{ error: string; fields: Record<string, string> }>(`/containers/${web.id}/config-vars`, {
      method: 'PUT',
      body: { config_vars: { lower: 'x', '1X': 'y' } },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('validation_failed');
    expect(Object.keys(r.body.fields).sort()).toEqual(['config_vars.1X', 'config_vars.lower']);
  });
});

describe('database attachments', () => {
  const db = DATABASES[1]!;
  it('attach composes the URL into the named config var; detach removes both', async () => {
    const a = await c.api(`/containers/${worker.id}/attachments/database`, {
      body: { database_id: db.id, config_var: 'ANALYTICS_URL' },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      database_id: db.id,
      name: 'pg-analytics',
      engine: 'postgres',
      config_var: 'ANALYTICS_URL',
      attached_at: expect.any(String),
    });
    const vars = (await c.api<Vars>(`/containers/${worker.id}/config-vars`)).body.config_vars;
    expect(vars.ANALYTICS_URL).toMatch(/^postgres:\/\/[^:]+:[^@]+@pg-analytics\.eu-1\./);
    const list = await c.api<{ items: Rec[] }>(`/containers/${worker.id}/attachments`);
    expect(list.body.items.map((x) => x.database_id)).toContain(db.id);

    expect(
      (await c.api(`/containers/${worker.id}/attachments/database`, { body: { database_id: db.id } })).status,
    ).toBe(409);
    const del = await c.api(`/containers/${worker.id}/attachments/database/${db.id}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await c.api<Vars>(`/containers/${worker.id}/config-vars`)).body.config_vars.ANALYTICS_URL).toBeUndefined();
    expect(
      (await c.api<{ items: Rec[] }>(`/containers/${worker.id}/attachments`)).body.items.map((x) => x.database_id),
    ).not.toContain(db.id);
  });

  it('defaults to DATABASE_URL and refuses a config var another attachment holds', async () => {
    const a = await c.api(`/microvms/${vm.id}/attachments/database`, { body: { database_id: db.id } });
    expect(a.body.config_var).toBe('DATABASE_URL');
    const clash = await c.api(`/microvms/${vm.id}/attachments/database`, { body: { database_id: DATABASES[2]!.id } });
    expect(clash.status).toBe(409);
  });

  it('404s an unknown database and an unattached detach', async () => {
    expect(
      (await c.api(`/containers/${worker.id}/attachments/database`, { body: { database_id: 'nope' } })).status,
    ).toBe(404);
    expect((await c.api(`/containers/${worker.id}/attachments/database/nope`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('disks', () => {
  const disk = SEED_DISKS[0]!.id;
  const record = () => c.sb.handle.world.shared.disks.get('eu-1')!.get(disk)!;

  it('attach marks the disk; storage then refuses to migrate it; detach clears the mark', async () => {
    const a = await c.api<Rec & { disks: string[] }>(`/microvms/${vm.id}/disks`, { body: { disk_id: disk } });
    expect(a.status).toBe(200);
    expect(a.body.disks).toContain(disk);
    expect(record().attached_to).toEqual({ kind: 'microvm', id: vm.id });
    const mig = await c.api(`/disks/${disk}/migrate`, { body: { target_host_id: HOST_IDS[2] } });
    expect(mig.status).toBe(409);

    expect((await c.api(`/containers/${web.id}/disks`, { body: { disk_id: disk } })).status).toBe(409);
    expect((await c.api(`/microvms/${vm.id}/disks/${disk}`, { method: 'DELETE' })).status).toBe(204);
    expect(record().attached_to).toBeNull();
    expect((await c.api(`/microvms/${vm.id}/disks/${disk}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('404s an unknown disk and 400s a missing disk_id', async () => {
    expect(
      (await c.api(`/containers/${web.id}/disks`, { body: { disk_id: '00000000-0000-4000-8000-000000000000' } }))
        .status,
    ).toBe(404);
    expect((await c.api(`/containers/${web.id}/disks`, { body: {} })).status).toBe(400);
  });
});

describe('NICs', () => {
  it('attach, 409 when held elsewhere, detach, 404 unknown', async () => {
    const a = await c.api<Rec & { nics: string[] }>(`/containers/${worker.id}/nics`, { body: { nic_id: NIC_IDS[4] } });
    expect(a.status).toBe(200);
    expect(a.body.nics).toContain(NIC_IDS[4]);
    expect((await c.api(`/microvms/${vm.id}/nics`, { body: { nic_id: NIC_IDS[4] } })).status).toBe(409);
    expect((await c.api(`/containers/${worker.id}/nics`, { body: { nic_id: NIC_IDS[0] } })).status).toBe(409); // web-1 holds it
    expect((await c.api(`/containers/${worker.id}/nics/${NIC_IDS[4]}`, { method: 'DELETE' })).status).toBe(204);
    expect((await c.api(`/microvms/${vm.id}/nics`, { body: { nic_id: NIC_IDS[4] } })).status).toBe(200);
    expect((await c.api(`/containers/${worker.id}/nics`, { body: { nic_id: 'nic-x' } })).status).toBe(404);
  });
});

describe('metrics', () => {
  it('returns chart series with [time, value] points', async () => {
    const r = await c.api<{
      series: { name: string; unit: string; points: [number, number][] }[];
      interval_seconds: number;
      from: string;
      to: string;
    }>(`/containers/${web.id}/metrics`);
    expect(r.status).toBe(200);
    expect(r.body.series.map((s) => [s.name, s.unit])).toEqual([
      ['cpu', 'percent'],
      ['memory', 'MiB'],
      ['network_rx', 'bytes/s'],
      ['network_tx', 'bytes/s'],
    ]);
    expect(r.body.interval_seconds).toBe(60);
    const cpu = r.body.series[0]!.points;
    expect(cpu.length).toBeGreaterThanOrEqual(59);
    for (const [t, v] of cpu) {
      expect(t).toBeGreaterThanOrEqual(Date.parse(r.body.from));
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
    }
    const again = await c.api<typeof r.body>(`/containers/${web.id}/metrics?from=${r.body.from}&to=${r.body.to}`);
    expect(again.body.series[0]!.points).toEqual(cpu);
  });

  it('honours interval and refuses a bad range', async () => {
    const r = await c.api<{ interval_seconds: number }>(`/microvms/${vm.id}/metrics?interval=300`);
    expect(r.body.interval_seconds).toBe(300);
    expect((await c.api(`/microvms/${vm.id}/metrics?from=2030-01-01T00:00:00Z&to=2020-01-01T00:00:00Z`)).status).toBe(
      400,
    );
  });
});

describe('activity', () => {
  it('lists reconciler events newest first', async () => {
    await c.api(`/containers/${proxy.id}/start`, { method: 'POST' });
    await c.settle('containers', proxy.id, 'running');
    const r = await c.api<{
      items: { id: string; at: string; type: string; from: string | null; to: string | null }[];
    }>(`/containers/${proxy.id}/activity`);
    expect(r.status).toBe(200);
    const times = r.body.items.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(r.body.items[0]).toMatchObject({ type: 'state_change', from: 'starting', to: 'running' });
    expect(r.body.items[1]).toMatchObject({ type: 'state_change', from: 'stopped', to: 'starting' });
    expect(r.body.items.some((e) => e.type === 'config_applied')).toBe(true);
    expect(r.body.items.at(-1)!.type).toBe('created');
    expect((await c.api<{ items: unknown[] }>(`/containers/${proxy.id}/activity?limit=2`)).body.items).toHaveLength(2);
  });
});
