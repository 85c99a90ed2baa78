/**
 * Create, update, delete of public IPs and VPN gateways, and attaching an IP to a NIC. The record
 * the zone returns goes into the list at once, and the list is read again afterwards.
 */
import { agent } from '../../agent';
import { recordOf } from '../../lib/tolerant';
import { infraListChanged, putInfraRow, removeInfraRow, type InfraRow } from '../infra-lists';

export type NetResource = 'publicIps' | 'vpnGateways';

/** Runs a change that returns the record, shows it in the list, and reads the list again (also after a failure). */
async function put(zone: string, what: NetResource, work: () => Promise<unknown>): Promise<InfraRow> {
  try {
    return putInfraRow(zone, what, recordOf(await work()));
  } finally {
    infraListChanged(zone, what);
  }
}

export function createNet(zone: string, what: NetResource, body: Record<string, unknown>): Promise<InfraRow> {
  return put(zone, what, () => agent.call(zone, `${what}.create`, { body }));
}

export function updateNet(
  zone: string,
  what: NetResource,
  id: string,
  body: Record<string, unknown>,
): Promise<InfraRow> {
  return put(zone, what, () => agent.call(zone, `${what}.update`, { params: { id }, body }));
}

export async function removeNet(zone: string, what: NetResource, row: InfraRow): Promise<void> {
  try {
    await agent.call(zone, `${what}.delete`, { params: { id: row.id ?? '' } });
    removeInfraRow(zone, what, row.key);
  } finally {
    infraListChanged(zone, what);
  }
}

export function attachIp(zone: string, id: string, nicId: string): Promise<InfraRow> {
  return put(zone, 'publicIps', () =>
    agent.call(zone, 'publicIps.attach', { body: { public_ip_id: id, nic_id: nicId } }),
  );
}

export function detachIp(zone: string, id: string): Promise<InfraRow> {
  return put(zone, 'publicIps', () => agent.call(zone, 'publicIps.detach', { body: { public_ip_id: id } }));
}
