/** Networking: public IPs (with NIC attach/detach) and VPN gateways (with client profiles). */
import type { SandboxModule } from '../core/types';
import { publicIpHandlers } from './public-ips';
import { vpnGatewayHandlers } from './vpn-gateways';

export const networkingModule: SandboxModule = (world) => ({
  http: { ...publicIpHandlers(world), ...vpnGatewayHandlers(world) },
});
