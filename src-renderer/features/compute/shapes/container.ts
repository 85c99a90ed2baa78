/**
 * A container's or microVM's attachment fields (the spec leaves compute payloads "not shown"):
 * attached databases as the attachments list answers them, the disks and NICs a record lists, and
 * the attach bodies, written under the names the zone's own attachment records use.
 */
import { isRecord } from '@contract/tolerant';
import { field, valueIn, worded, type FieldWords, type Worded } from '../../../shapes/words';

export const DB_ID = field('attachment.database', 'database_id', 'databaseId', 'db_id', 'id', 'uuid');
/** Written only under a name that says "database": a record's bare id may be the attachment's own. */
const DB_ID_WRITE = field('attachment.database', 'database_id', 'databaseId', 'db_id');
export const DB_NAME = field('attachment.name', 'name', 'display_name', 'database_name', 'title');
export const DB_ENGINE = field('attachment.engine', 'engine', 'type', 'kind');
export const DB_VAR = field('attachment.var', 'config_var', 'configVar', 'env_var', 'var', 'variable');
export const DISKS = field('instance.disks', 'disks', 'volumes', 'disk_ids', 'diskIds');
export const NICS = field('instance.nics', 'nics', 'network_interfaces', 'interfaces', 'nic_ids', 'nicIds');
export const DISK_ID = field('disk.id', 'disk_id', 'diskId', 'volume_id');
export const NIC_ID = field('nic.id', 'nic_id', 'nicId', 'interface_id');

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined;

export interface AttachedDb {
  id: string | undefined;
  name: string | undefined;
  engine: string | undefined;
  configVar: string | undefined;
}

export function attachedDbOf(rec: unknown): AttachedDb {
  return {
    id: str(valueIn(rec, DB_ID)),
    name: str(valueIn(rec, DB_NAME)),
    engine: str(valueIn(rec, DB_ENGINE)),
    configVar: str(valueIn(rec, DB_VAR)),
  };
}

/** Ids of the disks or NICs a record lists: a list of ids, or of objects with an id under any name. */
export function deviceIdsOf(rec: unknown, list: FieldWords, id: FieldWords): string[] {
  const v = valueIn(rec, list);
  if (!Array.isArray(v)) return [];
  return v
    .map((x) => str(x) ?? (isRecord(x) ? (str(valueIn(x, id)) ?? str(x.id) ?? str(x.uuid)) : undefined))
    .filter((x): x is string => !!x);
}

/** Attach a database: its id and the config var, under the names the zone's attachment records use. */
export function attachDbBody(databaseId: string, configVar: string | undefined, like: unknown[]): Worded {
  return worded(
    [
      [DB_ID_WRITE, databaseId],
      [DB_VAR, configVar],
    ],
    like,
  );
}

export function attachDeviceBody(f: FieldWords, id: string): Worded {
  return worded([[f, id]]);
}
