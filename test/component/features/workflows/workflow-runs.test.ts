/**
 * A workflow's runs and runner moves through the real stores, with a mounted screen watching the
 * workflow, its run history and one run: a started run is on top of the history and its record
 * shows at once; an action's reply stands in for a run's record only when it is that run's; a
 * move the zone refuses still reads the history again (it may have acted partly); a gate reply
 * that is not the workflow reads the workflow again; a promote the eval gate refused is put in words.
 */
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { AgentError } from '@contract/errors';
import type { Raw } from '@contract/tolerant';
import { scripted, scriptedAgentModule, type ScriptedCall } from '../../../support/scripted-agent';
import { zone } from '../../support/zones';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { cancelRun, startRun, useRun, useRunHistory } =
  await import('../../../../src-renderer/features/workflows/production/workflow-runs');
const { useWorkflow } = await import('../../../../src-renderer/features/workflows/workflows');
const { gateRefusal, setEvalGate, undeploy } =
  await import('../../../../src-renderer/features/workflows/production/workflow-deploy');
const { useZonesStore } = await import('../../../../src-renderer/state/zones');
const { resources } = await import('../../../../src-renderer/data');

const w = { zone: 'eu-1', id: 'wf1' };
let runs: Raw[] = [];
let workflow: Raw = {};
const runRecords: Record<string, Raw> = {};
/** What the zone answers to each change (by operation); a function may throw. */
let changes: Record<string, (c: ScriptedCall) => unknown> = {};

function zoneAnswers(c: ScriptedCall): unknown {
  if (c.op === 'workflows.get') return workflow;
  if (c.op === 'workflows.runs') return runs;
  if (c.op === 'workflowRuns.get') return runRecords[c.opts.params!.id!];
  return changes[c.op]?.(c);
}

const shownRun = ref<string | null>(null);
let view!: {
  workflow: ReturnType<typeof useWorkflow>;
  history: ReturnType<typeof useRunHistory>;
  run: ReturnType<typeof useRun>;
};
const Screen = defineComponent({
  setup() {
    view = {
      workflow: useWorkflow(() => w),
      history: useRunHistory(() => w),
      run: useRun(() => (shownRun.value ? { zone: 'eu-1', id: shownRun.value } : null)),
    };
    return () => h('p');
  },
});

enableAutoUnmount(afterEach);
beforeAll(() => vi.useFakeTimers());
afterAll(() => vi.useRealTimers());
beforeEach(async () => {
  setActivePinia(createPinia());
  scripted.calls.length = 0;
  scripted.answer = zoneAnswers;
  scripted.command = (command) => (command === 'zones.list' ? [zone('eu-1')] : []);
  await useZonesStore().load();
  runs = [{ id: 'r1', status: 'succeeded' }];
  workflow = { id: 'wf1', name: 'triage', eval_gate: false };
  changes = {};
  shownRun.value = null;
  mount(Screen);
  await flushPromises();
});
afterEach(() => resources.dropZone('eu-1'));

const reads = (op: string) => scripted.calls.filter((c) => c.op === op).length;

describe('workflow runs', () => {
  it('a started run goes on top of the history, and its record shows before it is read', async () => {
    changes['workflows.run'] = () => {
      runs = [{ id: 'r2', status: 'running' }, ...runs];
      return { run: { id: 'r2', status: 'running' } };
    };
    const started = await startRun(w, { text: 'hello' });
    expect(started.id).toBe('r2');
    await flushPromises();
    expect(view.history.rows.map((r) => r.id)).toEqual(['r2', 'r1']);
    // Opened before its record is read (the read waits): the start's reply shows.
    scripted.answer = (c) => (c.op === 'workflowRuns.get' ? new Promise(() => undefined) : zoneAnswers(c));
    shownRun.value = 'r2';
    await flushPromises();
    expect(view.run.state.data).toMatchObject({ id: 'r2', status: 'running' });
  });

  it('a start the zone refuses still reads the history again', async () => {
    changes['workflows.run'] = () => {
      throw new AgentError({ status: 422, code: 'invalid', message: 'input.text is required' });
    };
    const before = reads('workflows.runs');
    await expect(startRun(w, {})).rejects.toThrow('input.text is required');
    await flushPromises();
    expect(reads('workflows.runs')).toBe(before + 1);
  });

  it('a cancel’s reply stands in for the run only when it is that run’s record', async () => {
    runRecords.r1 = { id: 'r1', status: 'running' };
    shownRun.value = 'r1';
    await flushPromises();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // The re-read after the cancel waits, so what shows meanwhile is the reply.
    scripted.answer = async (c) => {
      if (c.op === 'workflowRuns.get') await held;
      return zoneAnswers(c);
    };
    changes['workflowRuns.cancel'] = () => ({ id: 'r1', status: 'cancelling' });
    await cancelRun({ zone: 'eu-1', id: 'r1' });
    expect(view.run.state.data).toMatchObject({ status: 'cancelling' });
    runRecords.r1 = { id: 'r1', status: 'cancelled' };
    release();
    await flushPromises();
    expect(view.run.state.data).toMatchObject({ status: 'cancelled' });

    // Another run's record in the reply is not this run's: nothing shows until the re-read.
    scripted.answer = (c) => (c.op === 'workflowRuns.get' ? new Promise(() => undefined) : zoneAnswers(c));
    changes['workflowRuns.cancel'] = () => ({ id: 'other', status: 'queued' });
    await cancelRun({ zone: 'eu-1', id: 'r1' });
    await flushPromises();
    expect(view.run.state.data).toMatchObject({ id: 'r1', status: 'cancelled' });
  });
});

describe('runner moves', () => {
  it('an undeploy the zone refuses still reads the run history again', async () => {
    changes['workflows.undeploy'] = () => {
      throw new AgentError({ status: 502, code: 'zone_unavailable', message: 'Bad gateway.' });
    };
    const before = reads('workflows.runs');
    await expect(undeploy(w)).rejects.toThrow('Bad gateway.');
    await flushPromises();
    expect(reads('workflows.runs')).toBe(before + 1);
  });

  it('an eval-gate reply that is only the gate reads the workflow again; one that is the workflow shows at once', async () => {
    changes['workflows.evalGate'] = () => ({ enabled: true });
    workflow = { id: 'wf1', name: 'triage', eval_gate: true };
    const before = reads('workflows.get');
    await setEvalGate(w, true);
    await flushPromises();
    expect(reads('workflows.get')).toBe(before + 1);
    expect(view.workflow.state.data).toMatchObject({ eval_gate: true });

    changes['workflows.evalGate'] = () => ({ id: 'wf1', name: 'triage (gate off)', eval_gate: false });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    scripted.answer = async (c) => {
      if (c.op === 'workflows.get') await held;
      return zoneAnswers(c);
    };
    await setEvalGate(w, false);
    expect(view.workflow.state.data).toMatchObject({ name: 'triage (gate off)' });
    release();
  });

  it('words a promote the eval gate refused, by its code or by a refusal that speaks of evals', () => {
    const byCode = gateRefusal(
      { status: 409, code: 'eval_gate_failed', message: 'Gate closed.', details: { suite_id: 'abcdef123456' } },
      3,
    );
    expect(byCode?.needs).toMatch(/^An eval suite run against the canary v3 must pass before it can be promoted\./);
    expect(byCode?.said).toBe('Gate closed.');
    expect(gateRefusal({ status: 422, code: 'invalid', message: 'No passing eval suite.' }, undefined)?.needs).toBe(
      'An eval suite run against the canary must pass before it can be promoted. No suite has run against it yet.',
    );
    expect(gateRefusal({ status: 422, code: 'invalid', message: 'weight must be 1..99' }, 3)).toBeNull();
    expect(gateRefusal({ status: 500, code: 'internal', message: 'eval service down' }, 3)).toBeNull();
  });
});
