/** Storage, Kubernetes, Networking, Applications and Limits screens (see views/screens.ts). */
import type { ScreenTable } from '../shell/screens';

export const INFRA_SCREENS: ScreenTable = {
  'storage/disks': () => import('./storage/DisksView.vue'),
  'kubernetes/clusters': () => import('./kubernetes/ClustersView.vue'),
  'networking/public-ips': () => import('./networking/PublicIpsView.vue'),
  'networking/vpn-gateways': () => import('./networking/VpnGatewaysView.vue'),
  'applications/deploy-servers': () => import('./applications/DeployServersView.vue'),
  'limits/limits': () => import('./limits/LimitsView.vue'),
};
