import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, shallowRef, watchEffect } from 'vue';
import type { NodeStatus } from '../../../../../src-renderer/features/workflows/graph/graph-state';
import { useNodeStatuses } from '../../../../../src-renderer/features/workflows/graph/node-statuses';

describe('per-node run statuses', () => {
  it('a new status record wakes only the nodes whose status changed', async () => {
    const scope = effectScope();
    const record = shallowRef<Record<string, NodeStatus> | undefined>({ a: 'running', b: 'pending' });
    const runs: Record<string, number> = { a: 0, b: 0, c: 0 };
    const seen: Record<string, NodeStatus | undefined> = {};
    scope.run(() => {
      const statusOf = useNodeStatuses(() => record.value);
      for (const id of ['a', 'b', 'c'])
        watchEffect(() => {
          seen[id] = statusOf(id);
          runs[id]!++;
        });
    });
    expect(seen).toEqual({ a: 'running', b: 'pending', c: undefined });

    record.value = { a: 'done', b: 'pending' };
    await nextTick();
    expect(seen).toEqual({ a: 'done', b: 'pending', c: undefined });
    expect(runs).toEqual({ a: 2, b: 1, c: 1 });

    record.value = { a: 'done', b: 'running', c: 'running' };
    await nextTick();
    expect(runs).toEqual({ a: 2, b: 2, c: 2 });

    // No record (a view without a run): every status goes.
    record.value = undefined;
    await nextTick();
    expect(seen).toEqual({ a: undefined, b: undefined, c: undefined });
    scope.stop();
  });
});
