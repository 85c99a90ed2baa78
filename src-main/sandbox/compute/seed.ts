/**
 * What every zone starts with, for the seeded tenant (world.tenantId). Without --scale: four
 * containers and two microVMs in different states, with config vars, a database attachment and a
 * NIC on the busy ones, and `bench-logs`, whose archive holds 1,000,000 lines. With --scale N
 * (the server's default is 1, hence the max): N containers (the named ones first) and N/10
 * microVMs, as cheap records sharing one frozen spec object, so 20,000 per zone seed fast.
 */
import { attachDatabase } from './attachments';
import { DATABASES, HOSTS, NIC_IDS } from './catalog';
import type { ComputeCtx } from './context';
import { seedNic } from './devices';
import { CONTAINER, type KindDef, MICROVM } from './kinds';
import { type Instance, makeInstance } from './model';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Named {
  name: string;
  status: 'running' | 'stopped' | 'suspended';
  spec: Record<string, unknown>;
  ageMs: number;
  backlog?: number;
  vars?: Record<string, string>;
  database?: string;
  nic?: string;
}

const NAMED_CONTAINERS: readonly Named[] = [
  {
    name: 'web-1',
    status: 'running',
    spec: {
      image: 'nginx:1.27',
      ports: [
        { port: 80, protocol: 'tcp' },
        { port: 443, protocol: 'tcp' },
      ],
    },
    ageMs: 3 * DAY,
    backlog: 2_500,
    vars: { PORT: '8080', LOG_LEVEL: 'info', NODE_ENV: 'production' },
    database: DATABASES[0]!.id,
    nic: NIC_IDS[0],
  },
  {
    name: 'worker-1',
    status: 'running',
    spec: { image: 'python:3.12-slim', cpu: 1, memory_mib: 1024, ports: [] },
    ageMs: 2 * DAY,
    backlog: 400,
    vars: { QUEUE: 'default', CONCURRENCY: '4' },
    database: DATABASES[3]!.id,
  },
  {
    name: 'db-proxy',
    status: 'stopped',
    spec: { image: 'pgbouncer:1.23', ports: [{ port: 6432, protocol: 'tcp' }] },
    ageMs: 5 * DAY,
    backlog: 120,
  },
  // The benchmark archive: exactly a million captured lines (stopped, so the count stays put).
  { name: 'bench-logs', status: 'stopped', spec: { image: 'busybox:1.36', ports: [] }, ageMs: DAY, backlog: 1_000_000 },
];

const NAMED_MICROVMS: readonly Named[] = [
  {
    name: 'vm-build',
    status: 'running',
    spec: { vcpus: 4, memory_mib: 4096 },
    ageMs: 4 * DAY,
    vars: { CI: 'true' },
    nic: NIC_IDS[1],
  },
  { name: 'vm-sandbox', status: 'suspended', spec: { image: 'debian-12' }, ageMs: 6 * DAY },
];

function seedKind(ctx: ComputeCtx, def: KindDef, zoneId: string, named: readonly Named[], count: number): void {
  const { world } = ctx;
  const now = world.clock.now();
  for (let i = 0; i < count; i++) {
    const n = named[i];
    // Generated records: mostly running, every tenth stopped (every seventh microVM suspended).
    const status =
      n?.status ?? (i % 10 === 9 ? 'stopped' : def.kind === 'microvm' && i % 7 === 6 ? 'suspended' : 'running');
    const created = now - (n?.ageMs ?? (i % 30) * DAY + HOUR);
    const inst: Instance = makeInstance(
      {
        kind: def.kind,
        id: world.uuid(),
        zoneId,
        tenantId: world.tenantId,
        name: n?.name ?? `${def.kind === 'container' ? 'ct' : 'vm'}-${String(i + 1).padStart(5, '0')}`,
        status,
        spec: n ? { ...def.defaults, ...n.spec } : def.defaults,
        hostId: HOSTS[i % HOSTS.length]!,
        // Stable across resets, so a seeded container's log text and metrics repeat.
        seed: (def.kind === 'container' ? 1 : 1_000_001) + i,
      },
      created,
    );
    if (status !== 'running') inst.statusSince = now - HOUR;
    if (status === 'suspended') {
      inst.hostId = null;
      inst.snapshotId = world.uuid();
      inst.suspendedAt = inst.statusSince;
    }
    inst.backlog = n?.backlog ?? 0;
    if (n?.vars) inst.configVars = { ...n.vars };
    ctx.store.add(inst);
    if (n?.nic) seedNic(ctx, inst, n.nic);
    if (n?.database) attachDatabase(ctx, inst, n.database);
  }
}

export function seedCompute(ctx: ComputeCtx): void {
  const scale = ctx.world.scale;
  for (const zone of ctx.world.zones) {
    seedKind(ctx, CONTAINER, zone.id, NAMED_CONTAINERS, Math.max(NAMED_CONTAINERS.length, scale));
    seedKind(ctx, MICROVM, zone.id, NAMED_MICROVMS, Math.max(NAMED_MICROVMS.length, Math.floor(scale / 10)));
  }
}
