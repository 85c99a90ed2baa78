/**
 * Workflow writes in a zone's words: Create writes the starter draft and, when the zone dropped it
 * (it reads the draft under another name), writes it again under the name the created record
 * uses; an eval case refused with 422 is placed beside the field the zone named and a case kept
 * otherwise than typed is said; a suite run names its target as the zone's suites do. The agent
 * is replaced by a scripted zone.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../../../../src-main/contract/errors';
import { scripted } from '../../../../support/scripted-agent';

vi.mock('../../../../../src-renderer/agent', async () =>
  (await import('../../../../support/scripted-agent')).scriptedAgentModule(),
);
const { calls } = scripted;
const { createWorkflow, STARTER_SPEC } = await import('../../../../../src-renderer/features/workflows/workflow-create');
const { saveCase, runSuite } = await import('../../../../../src-renderer/features/workflows/production/workflow-evals');

beforeEach(() => {
  setActivePinia(createPinia());
  calls.length = 0;
});

describe('create workflow', () => {
  it('writes the starter draft again, under the created record’s name, when the zone dropped it', async () => {
    let stored: unknown = null;
    scripted.answer = (c) => {
      if (c.op === 'workflows.create') return { uuid: 'w9', title: 'n', definition: null }; // draft_spec ignored
      if (c.op === 'workflows.update') stored = c.opts.body?.definition;
      return { uuid: 'w9', title: 'n', definition: stored };
    };
    await expect(createWorkflow('z', 'n', '')).resolves.toBe('w9');
    expect(calls.map((c) => c.op)).toEqual(['workflows.create', 'workflows.update']);
    expect(calls[0]!.opts.body).toEqual({ name: 'n', draft_spec: STARTER_SPEC });
    expect(calls[1]!.opts.body).toEqual({ definition: STARTER_SPEC });
    expect(stored).toEqual(STARTER_SPEC);
  });

  it('writes nothing more when the reply (or the read-back) shows the draft kept', async () => {
    scripted.answer = (c) => (c.op === 'workflows.create' ? { id: 'w1' } : { id: 'w1', spec: STARTER_SPEC });
    await expect(createWorkflow('z', 'n', 'd')).resolves.toBe('w1');
    expect(calls.map((c) => c.op)).toEqual(['workflows.create', 'workflows.get']);
  });
});

describe('eval cases', () => {
  const ref = { zone: 'z', id: 'w1' };
  const typed = { name: 'c', kind: 'contains', input: 'hi', expected: 'x' };

  it('a 422 naming a field is placed beside that field', async () => {
    scripted.answer = () => {
      throw new AgentError({
        status: 422,
        code: 'validation_failed',
        message: "missing required field 'expect'",
        details: { expected: ['expect'] },
      });
    };
    await expect(saveCase(ref, typed)).resolves.toEqual({
      ok: false,
      refused: "missing required field 'expect'",
      fields: { expected: 'The zone wants `expect` for this field.' },
    });
  });

  it('a case the zone kept otherwise is said, from the reply or the list read back', async () => {
    scripted.answer = () => ({ case: { id: 'k', name: 'c', kind: 'contains', input: 'hi', expected: '' } });
    await expect(saveCase(ref, typed)).resolves.toMatchObject({ ok: false, notKept: { expected: '' } });
    scripted.answer = (c) => (c.op === 'workflows.evals.list' ? { items: [{ id: 'k', ...typed }] } : null);
    await expect(saveCase(ref, typed)).resolves.toEqual({ ok: true });
    expect(calls.at(-1)!.op).toBe('workflows.evals.list');
  });

  it('runs the suite with the target under the default name when the zone shows no suites', async () => {
    scripted.answer = () => ({ id: 's', against: 'canary', passed: true, verdicts: [] });
    await expect(runSuite(ref, 'canary')).resolves.toMatchObject({ id: 's', target: 'canary', passed: true });
    expect(calls[0]!.opts.body).toEqual({ target: 'canary' });
  });
});
