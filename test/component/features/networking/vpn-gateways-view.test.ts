/** Networking › VPN gateways mounted as the app shows it: loading, filled, empty and refused. */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { describeListScreen } = await import('../../support/list-screen-states');
const VpnGatewaysView = (await import('../../../../src-renderer/features/networking/VpnGatewaysView.vue')).default;

enableAutoUnmount(afterEach);

describeListScreen({
  screen: VpnGatewaysView,
  heading: 'VPN gateways',
  op: 'vpnGateways.list',
  via: 'poll',
  rows: [{ id: 'g1', name: 'office', status: 'active' }],
  shows: ['office'],
  empty: 'Frankfurt has no VPN gateways yet.',
});
