/** Workflows › Workflows mounted as the app shows it: loading, filled, empty and refused. */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { describeListScreen } = await import('../../support/list-screen-states');
const WorkflowsView = (await import('../../../../src-renderer/features/workflows/WorkflowsView.vue')).default;

enableAutoUnmount(afterEach);

describeListScreen({
  screen: WorkflowsView,
  heading: 'Workflows',
  op: 'workflows.list',
  via: 'read',
  rows: [
    { id: 'w1', name: 'triage', description: 'Sorts incoming tickets' },
    { id: 'w2', name: 'nightly-report', description: 'Sums up the day' },
  ],
  shows: ['triage', 'nightly-report'],
  empty: 'No workflows yet in Frankfurt.',
});
