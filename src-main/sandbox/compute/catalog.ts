/**
 * What compute attaches to but the spec gives no route to list: hosts, managed databases and
 * NICs. Their ids are fixed (documented in docs/sandbox.md, Compute) so a user or a test can name
 * them. Hosts are the ones storage places disks on, so a disk and its VM can share a host.
 */
import { createHash } from 'node:crypto';
import type { SandboxRequest } from '../core/types';
import { notFound } from '../kit/http';
import { HOST_IDS } from '../storage/disks';

export const HOSTS: readonly string[] = HOST_IDS;

export interface ManagedDatabase {
  id: string;
  name: string;
  engine: 'postgres' | 'mysql' | 'redis';
  port: number;
  /** Config var used when the attach request names none. */
  defaultVar: string;
}

export const DATABASES: readonly ManagedDatabase[] = [
  {
    id: 'd7a1b2c3-4e5f-4a6b-9c00-0000000000b1',
    name: 'pg-main',
    engine: 'postgres',
    port: 5432,
    defaultVar: 'DATABASE_URL',
  },
  {
    id: 'd7a1b2c3-4e5f-4a6b-9c00-0000000000b2',
    name: 'pg-analytics',
    engine: 'postgres',
    port: 5432,
    defaultVar: 'DATABASE_URL',
  },
  {
    id: 'd7a1b2c3-4e5f-4a6b-9c00-0000000000b3',
    name: 'mysql-legacy',
    engine: 'mysql',
    port: 3306,
    defaultVar: 'DATABASE_URL',
  },
  {
    id: 'd7a1b2c3-4e5f-4a6b-9c00-0000000000b4',
    name: 'redis-cache',
    engine: 'redis',
    port: 6379,
    defaultVar: 'REDIS_URL',
  },
];

export function findDatabase(id: string): ManagedDatabase {
  return DATABASES.find((d) => d.id === id) ?? notFound('database', id);
}

/** A stable password per zone and database, so a URL read twice is the same URL. */
export function databaseUrl(db: ManagedDatabase, zoneId: string): string {
  const pw = createHash('sha256').update(`${zoneId}/${db.id}`).digest('base64url').slice(0, 20);
  const host = `${db.name}.${zoneId}.db.sandbox.internal`;
  if (db.engine === 'redis') return `redis://default:${pw}@${host}:${db.port}/0`;
  const user = `app_${db.name.replace(/-/g, '_')}`;
  return `${db.engine}://${user}:${pw}@${host}:${db.port}/${db.name.replace(/-/g, '_')}`;
}

export interface Nic {
  id: string;
  name: string;
  mac: string;
  ip: string;
  network: string;
  attached_to: { kind: string; id: string } | null;
}

export const NIC_IDS: readonly string[] = Array.from(
  { length: 8 },
  (_, i) => `6a7e0c3d-1b2f-4c5d-8e00-0000000000e${i + 1}`,
);

/** NICs per zone. Compute owns them (no other area lists NICs); public IPs may refer to the ids. */
export class NicCatalog {
  private readonly zones = new Map<string, Map<string, Nic>>();

  zone(zoneId: string): Map<string, Nic> {
    let m = this.zones.get(zoneId);
    if (!m) {
      m = new Map(
        NIC_IDS.map((id, i) => [
          id,
          {
            id,
            name: `nic-${i + 1}`,
            mac: `02:5a:00:00:00:${(i + 1).toString(16).padStart(2, '0')}`,
            ip: `10.20.0.${11 + i}`,
            network: i < 4 ? 'default' : 'backend',
            attached_to: null,
          },
        ]),
      );
      this.zones.set(zoneId, m);
    }
    return m;
  }

  get(req: SandboxRequest, id: string): Nic {
    return this.zone(req.zone.id).get(id) ?? notFound('NIC', id);
  }

  reset(): void {
    this.zones.clear();
  }
}
