/**
 * A workflow created in a zone that ignores a field it does not know: it stores its default name
 * ("Untitled workflow") under its own field. The create's compare finds that field and writes the
 * typed name once more as an update of the created workflow (never a second create), and the name
 * is learned; a zone whose record shows no field for it gets nothing more. Scripted zone.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted } from '../../../../support/scripted-agent';

vi.mock('../../../../../src-renderer/agent', async () =>
  (await import('../../../../support/scripted-agent')).scriptedAgentModule(),
);
const { calls, commands } = scripted;
const { createWorkflow, STARTER_SPEC } = await import('../../../../../src-renderer/features/workflows/workflow-create');

beforeEach(() => {
  setActivePinia(createPinia());
  calls.length = 0;
  commands.length = 0;
  scripted.command = () => ({ id: 'z', learnedWords: [] });
});

describe('a workflow the zone stored under its default name', () => {
  it('gets its name again under the field that holds it, as an update, and the name is learned', async () => {
    const stored: Record<string, unknown> = { id: 'w1', heading: 'Untitled workflow', draft_spec: STARTER_SPEC };
    scripted.answer = (c) => {
      if (c.op === 'workflows.update' && typeof c.opts.body?.heading === 'string') stored.heading = c.opts.body.heading;
      return { ...stored };
    };
    await expect(createWorkflow('z', 'triage', '')).resolves.toBe('w1');
    expect(calls.filter((c) => c.op === 'workflows.create')).toHaveLength(1);
    expect(calls.find((c) => c.op === 'workflows.update')?.opts).toMatchObject({
      params: { id: 'w1' },
      body: { heading: 'triage' },
    });
    expect(stored.heading).toBe('triage');
    expect(commands.filter((c) => c.command === 'zones.learnWord').map((c) => c.input)).toEqual([
      {
        id: 'z',
        role: 'workflow.name',
        place: 'body',
        name: 'heading',
        instead: 'name',
        operationId: 'workflows.update',
      },
    ]);
  });

  it('writes nothing more when the record shows no field that could hold the name', async () => {
    scripted.answer = () => ({ id: 'w1', draft_spec: STARTER_SPEC, created_at: '2026-01-01T00:00:00Z' });
    await expect(createWorkflow('z', 'triage', '')).resolves.toBe('w1');
    expect(calls.map((c) => c.op)).toEqual(['workflows.create']);
    expect(commands.some((c) => c.command === 'zones.learnWord')).toBe(false);
  });
});
