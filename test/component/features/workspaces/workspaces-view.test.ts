/** Workspaces › Workspaces mounted as the app shows it: loading, filled, empty and refused. */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { describeListScreen } = await import('../../support/list-screen-states');
const WorkspacesView = (await import('../../../../src-renderer/features/workspaces/WorkspacesView.vue')).default;

enableAutoUnmount(afterEach);

describeListScreen({
  screen: WorkspacesView,
  heading: 'Workspaces',
  op: 'workspaces.list',
  via: 'read',
  rows: [
    { id: 'ws1', name: 'shop', status: 'running' },
    { id: 'ws2', name: 'blog', status: 'stopped' },
  ],
  shows: ['shop', 'blog'],
  empty: 'No workspaces yet in Frankfurt.',
});
