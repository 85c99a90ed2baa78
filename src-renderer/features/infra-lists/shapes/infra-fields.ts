/**
 * The fields the infrastructure lists show beside id, name and state (which the zone's dictionary
 * reads): a public IP's address and NIC, a VPN gateway's subnet and port (a cluster's: cluster-fields.ts).
 * The spec leaves their payloads "not shown": each is read under its usual names, in any letter
 * case, at the top or inside the nested record a style keeps its fields in (shapes/words.ts).
 */
import { field, valueIn, type FieldWords } from '../../../shapes/words';
import { textOf } from '@contract/tolerant';
import type { InfraRow } from '../infra';

const ADDRESS = field('publicIp.address', 'address', 'ip', 'ip_address', 'public_ip');
const NIC = field('publicIp.nic', 'nic_id', 'nic', 'attached_nic', 'network_interface_id', 'interface_id');
const SUBNET = field('vpnGateway.subnet', 'subnet', 'cidr', 'client_subnet', 'address_range');
const PORT = field('vpnGateway.port', 'listen_port', 'port', 'udp_port');

const textIn = (f: FieldWords) => (r: InfraRow) => textOf(valueIn(r.raw, f));

export const addressOf = textIn(ADDRESS);
export const nicOf = textIn(NIC);
export const subnetOf = textIn(SUBNET);
export const listenPortOf = textIn(PORT);
