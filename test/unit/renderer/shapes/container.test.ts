/**
 * Shape matrix of compute attachments: an attached database under any of its names, the disks
 * and NICs a record lists under any key, and attach bodies in the names the zone's records use.
 */
import { describe, expect, it } from 'vitest';
import {
  attachDbBody,
  attachDeviceBody,
  attachedDbOf,
  deviceIdsOf,
  DISK_ID,
  DISKS,
  NIC_ID,
  NICS,
} from '../../../../src-renderer/features/compute/shapes/container';

describe('attachments', () => {
  it.each([
    [{ database_id: 'd1', name: 'pg', engine: 'postgres', config_var: 'DATABASE_URL' }],
    [{ databaseId: 'd1', display_name: 'pg', type: 'postgres', env_var: 'DATABASE_URL' }],
    [{ id: 'd1', database_name: 'pg', kind: 'postgres', var: 'DATABASE_URL' }],
  ])('reads %j', (rec) => {
    expect(attachedDbOf(rec)).toEqual({ id: 'd1', name: 'pg', engine: 'postgres', configVar: 'DATABASE_URL' });
  });

  it.each([
    [{ disks: ['a', 'b'] }, DISKS, DISK_ID],
    [{ volumes: [{ volume_id: 'a' }, { id: 'b' }] }, DISKS, DISK_ID],
    [{ network_interfaces: [{ uuid: 'a' }, { nic_id: 'b' }] }, NICS, NIC_ID],
    [{ nic_ids: ['a', 'b'] }, NICS, NIC_ID],
  ] as const)('lists device ids of %j', (rec, list, id) => {
    expect(deviceIdsOf(rec, list, id)).toEqual(['a', 'b']);
  });

  it("attaches in the names the zone's attachment records use, else the defaults", () => {
    expect(attachDbBody('d1', 'URL', []).values).toEqual({ database_id: 'd1', config_var: 'URL' });
    expect(attachDbBody('d1', undefined, []).values).toEqual({ database_id: 'd1' });
    const b = attachDbBody('d1', 'URL', [{ databaseId: 'x', env_var: 'Y' }]);
    expect(b.values).toEqual({ databaseId: 'd1', env_var: 'URL' });
    expect(b.words.env_var).toMatchObject({ role: 'attachment.var', firm: true });
    expect(attachDbBody('d1', undefined, [{ id: 'att-1', name: 'pg' }]).values).toEqual({ database_id: 'd1' });
    expect(attachDeviceBody(DISK_ID, 'k').values).toEqual({ disk_id: 'k' });
    expect(attachDeviceBody(NIC_ID, 'n').words.nic_id?.alts).toContain('nicId');
  });
});
