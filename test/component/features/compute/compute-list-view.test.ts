/** Compute › Containers (and MicroVMs, the same screen) mounted as the app shows it: loading, filled, empty and refused. */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { describeListScreen } = await import('../../support/list-screen-states');
const ComputeListView = (await import('../../../../src-renderer/features/compute/ComputeListView.vue')).default;

enableAutoUnmount(afterEach);

describeListScreen({
  screen: ComputeListView,
  props: { kind: 'containers' },
  heading: 'Containers',
  op: 'containers.list',
  via: 'poll',
  rows: [
    { id: 'c1', name: 'web-1', state: 'running', image: 'nginx:1.27' },
    { id: 'c2', name: 'db-1', state: 'stopped', image: 'postgres:16' },
  ],
  shows: ['web-1', 'db-1'],
  empty: 'Frankfurt has no containers yet.',
});

describeListScreen({
  screen: ComputeListView,
  props: { kind: 'microvms' },
  heading: 'MicroVMs',
  op: 'microvms.list',
  via: 'poll',
  rows: [{ id: 'm1', name: 'build-box', state: 'running' }],
  shows: ['build-box'],
  empty: 'Frankfurt has no microvms yet.',
});
