/** Networking › Public IPs mounted as the app shows it: loading, filled, empty and refused. */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { describeListScreen } = await import('../../support/list-screen-states');
const PublicIpsView = (await import('../../../../src-renderer/features/networking/PublicIpsView.vue')).default;

enableAutoUnmount(afterEach);

describeListScreen({
  screen: PublicIpsView,
  heading: 'Public IPs',
  op: 'publicIps.list',
  via: 'poll',
  rows: [
    { id: 'ip1', name: 'front', address: '203.0.113.10' },
    { id: 'ip2', name: 'spare', address: '203.0.113.11' },
  ],
  shows: ['front', 'spare'],
  empty: 'Frankfurt has no public IPs yet.',
});
