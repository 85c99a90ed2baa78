/**
 * A rolling upgrade is followed through the cluster's resource (resources.until at its own pace),
 * not a sleep loop: the task shows the nodes done, ends when the zone reports the new version, and
 * the clusters list shows each record read meanwhile.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';

const states = [
  { id: 'c1', name: 'demo', status: 'upgrading', version: '1.29', upgrade: { nodes_upgraded: 1, nodes_total: 3 } },
  { id: 'c1', name: 'demo', status: 'upgrading', version: '1.29', upgrade: { nodes_upgraded: 2, nodes_total: 3 } },
  { id: 'c1', name: 'demo', status: 'running', version: '1.30' },
];
let gets = 0;
vi.mock('../../../../../src-renderer/agent', () => ({
  agent: {
    call: vi.fn(async (_zone: string, op: string) => {
      if (op === 'kubernetes.get') return states[Math.min(gets++, states.length - 1)];
      return {};
    }),
    invoke: vi.fn(async (cmd: string) => {
      if (cmd === 'list.poll')
        return { version: 'v1', items: [{ id: 'c1', name: 'demo', status: 'running', version: '1.29' }] };
      return null;
    }),
  },
}));

const { upgradeCluster } = await import('../../../../../src-renderer/features/kubernetes/clusters');
const { useInfraList } = await import('../../../../../src-renderer/features/infra-lists/infra');
const { useTasksStore } = await import('../../../../../src-renderer/state/tasks');

describe('cluster upgrade follow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setActivePinia(createPinia());
  });
  afterEach(() => vi.useRealTimers());

  it('follows the cluster until it runs the new version, updating the task and the list row', async () => {
    const scope = effectScope();
    const list = scope.run(() => useInfraList('clusters', () => 'eu-1'))!;
    await vi.advanceTimersByTimeAsync(0);
    expect(list.state.data?.[0]?.raw.version).toBe('1.29');

    const tasks = useTasksStore();
    const details: (string | undefined)[] = [];
    const done = upgradeCluster({ zone: 'eu-1', id: 'c1' }, 'demo', '1.30');
    await vi.advanceTimersByTimeAsync(0);
    details.push(tasks.tasks[0]?.detail);
    expect(tasks.tasks[0]).toMatchObject({ title: 'Upgrade demo to 1.30', state: 'running', progress: 1 / 3 });
    await vi.advanceTimersByTimeAsync(700);
    details.push(tasks.tasks[0]?.detail);
    await vi.advanceTimersByTimeAsync(700);
    await done;
    expect(details).toEqual(['1 of 3 nodes upgraded', '2 of 3 nodes upgraded']);
    expect(tasks.tasks[0]).toMatchObject({ state: 'done', progress: 1, detail: 'Running 1.30' });
    expect(gets).toBe(3);
    // The list shows the last record read, without waiting for its own poll.
    expect(list.state.data?.[0]?.raw.version).toBe('1.30');
    // Nothing follows the cluster any more.
    await vi.advanceTimersByTimeAsync(5000);
    expect(gets).toBe(3);
    scope.stop();
  });
});
