/** Networking's manifest: its place in the navigation and its screens, each loaded when first shown. */
import type { AreaManifest } from '../../state/navigation';

export const NETWORKING_AREA: AreaManifest = {
  id: 'networking',
  title: 'Networking',
  about: 'Public IPs and VPN gateways, with client profiles you can download.',
  sections: [
    { id: 'public-ips', title: 'Public IPs', screen: () => import('./PublicIpsView.vue') },
    { id: 'vpn-gateways', title: 'VPN gateways', screen: () => import('./VpnGatewaysView.vue') },
  ],
};
