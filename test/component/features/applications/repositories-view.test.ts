/** Applications › Repositories mounted as the app shows it: loading, filled, empty and refused. */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { describeListScreen } = await import('../../support/list-screen-states');
const RepositoriesView = (await import('../../../../src-renderer/features/applications/repos/RepositoriesView.vue'))
  .default;

enableAutoUnmount(afterEach);

describeListScreen({
  screen: RepositoriesView,
  heading: 'Repositories',
  op: 'repos.list',
  via: 'read',
  rows: [
    { id: 'r1', full_name: 'acme/shop', provider: 'github', default_branch: 'main' },
    { id: 'r2', full_name: 'acme/blog', provider: 'gitlab', default_branch: 'trunk' },
  ],
  shows: ['acme/shop', 'acme/blog'],
  empty: 'No repositories registered in Frankfurt yet.',
});
