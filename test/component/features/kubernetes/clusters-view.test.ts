/** Kubernetes › Clusters mounted as the app shows it: loading, filled, empty and refused. */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { describeListScreen } = await import('../../support/list-screen-states');
const ClustersView = (await import('../../../../src-renderer/features/kubernetes/ClustersView.vue')).default;

enableAutoUnmount(afterEach);

describeListScreen({
  screen: ClustersView,
  heading: 'Clusters',
  op: 'kubernetes.list',
  via: 'poll',
  rows: [
    { id: 'k1', name: 'prod', status: 'running', version: '1.30' },
    { id: 'k2', name: 'staging', status: 'provisioning', version: '1.31' },
  ],
  shows: ['prod', 'staging'],
  empty: 'Frankfurt has no Kubernetes clusters yet.',
});
