/** Create, update, delete of public IPs and VPN gateways, and attaching an IP to a NIC. */
import { agent } from '../../../agent';
import { useInfraStore, type InfraRow } from '../../../stores/infra';
import { recordOf } from '../../../lib/tolerant';

export function useNetActions(zone: () => string, what: 'publicIps' | 'vpnGateways') {
  const infra = useInfraStore();
  const put = (data: unknown) => infra.upsert(zone(), what, recordOf(data));

  return {
    async create(body: Record<string, unknown>): Promise<InfraRow> {
      return put(await agent.call(zone(), `${what}.create`, { body }));
    },
    async update(id: string, body: Record<string, unknown>): Promise<InfraRow> {
      return put(await agent.call(zone(), `${what}.update`, { params: { id }, body }));
    },
    async remove(row: InfraRow): Promise<void> {
      await agent.call(zone(), `${what}.delete`, { params: { id: row.id ?? '' } });
      infra.remove(zone(), what, row.key);
    },
    async attach(id: string, nicId: string): Promise<InfraRow> {
      return put(await agent.call(zone(), 'publicIps.attach', { body: { public_ip_id: id, nic_id: nicId } }));
    },
    async detach(id: string): Promise<InfraRow> {
      return put(await agent.call(zone(), 'publicIps.detach', { body: { public_ip_id: id } }));
    },
  };
}
