/**
 * A workflow's versions and what stops its delete, through the real store and a mounted screen:
 * a published version is frozen (read once, never polled); the runs in flight are polled and read
 * again after a cancel, even a refused one; a delete the zone refuses (runs in flight) is thrown
 * as is and the list is read again anyway.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { AgentError } from '@contract/errors';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { cancelRun, deleteWorkflow, useRunsInFlight, useVersion } =
  await import('../../../../src-renderer/features/workflows/versions/workflow-versions');
const { useWorkflows } = await import('../../../../src-renderer/features/workflows/workflows');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

const w = { zone: 'eu-1', id: 'wf1' };
let runs: Raw[] = [];
let refuse: AgentError | null = null;
let view!: {
  version: ReturnType<typeof useVersion>;
  inFlight: ReturnType<typeof useRunsInFlight>;
  list: ReturnType<typeof useWorkflows>;
};

enableAutoUnmount(afterEach);
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  await useZonesStore().load();
  runs = [
    { id: 'r1', status: 'running' },
    { id: 'r0', status: 'succeeded' },
  ];
  refuse = null;
  scripted.answer = (c: ScriptedCall) => {
    if (c.op === 'workflows.versions.get') return { version: 2, spec: { nodes: [] } };
    if (c.op === 'workflows.runs') return runs;
    if (c.op === 'workflows.list') return [{ id: 'wf1', name: 'triage' }];
    if (refuse) throw refuse;
    return undefined;
  };
  mount(
    defineComponent({
      setup() {
        view = {
          version: useVersion(() => ({ ...w, version: 2 })),
          inFlight: useRunsInFlight(() => w),
          list: useWorkflows(() => 'eu-1'),
        };
        return () => h('p');
      },
    }),
  );
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

const reads = (op: string) => scripted.calls.filter((c) => c.op === op).length;

describe('workflow versions', () => {
  it('reads a published version once; the runs in flight are polled', async () => {
    expect(view.version.state.data?.number).toBe(2);
    expect(view.inFlight.state.data?.map((r) => r.id)).toEqual(['r1']);
    await vi.advanceTimersByTimeAsync(6_500);
    expect(reads('workflows.versions.get')).toBe(1);
    expect(reads('workflows.runs')).toBeGreaterThanOrEqual(4);
  });

  it('a cancel reads the runs in flight again, even when the zone refuses it', async () => {
    runs = [{ id: 'r1', status: 'cancelled' }];
    await cancelRun(w, 'r1');
    await flushPromises();
    expect(view.inFlight.state.data).toEqual([]);
    runs = [{ id: 'r2', status: 'running' }];
    refuse = new AgentError({ status: 409, code: 'conflict', message: 'Already finished.' });
    await expect(cancelRun(w, 'r1')).rejects.toThrow('Already finished.');
    await flushPromises();
    expect(view.inFlight.state.data?.map((r) => r.id)).toEqual(['r2']);
  });

  it('a delete refused for runs in flight is thrown as is, and the list is read again anyway', async () => {
    refuse = new AgentError({ status: 409, code: 'runs_in_flight', message: '1 run in flight.' });
    const before = reads('workflows.list');
    await expect(deleteWorkflow(w)).rejects.toMatchObject({ status: 409, code: 'runs_in_flight' });
    await flushPromises();
    expect(reads('workflows.list')).toBe(before + 1);
  });
});
