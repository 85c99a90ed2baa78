/**
 * A new eval case in a zone that silently ignores fields it does not know (most JSON APIs do): it
 * stores the case under its own name field with its default ("contains case"). The save's compare
 * notices, finds the field of the case that should hold the name, writes once more as an update
 * of the same case (never a second create), and tells the agent the name it learned; where the
 * retry does not stick, or nothing tells which field, the typed values stay and that is said.
 * The agent is replaced by a scripted zone (the sandbox's dialects refuse unknown names rather
 * than drop them, so a lenient zone is scripted here).
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { scripted, type ScriptedCall } from '../../../../support/scripted-agent';

vi.mock('../../../../../src-renderer/agent', async () =>
  (await import('../../../../support/scripted-agent')).scriptedAgentModule(),
);
const { calls, commands } = scripted;
const { saveCase } = await import('../../../../../src-renderer/features/workflows/production/workflow-evals');

const ref = { zone: 'z', id: 'w1' };
const typed = { name: 'greets politely', kind: 'contains', input: 'hi', expected: 'hello' };

/** A lenient zone: keeps only the fields it knows, its name field defaulting to "<kind> case". */
function lenientZone(o: { fields: string[]; keepOnUpdate?: boolean; reply?: 'record' | 'empty' }) {
  const stored: Record<string, unknown>[] = [];
  return (c: ScriptedCall): unknown => {
    if (c.op === 'workflows.evals.list') return { items: stored };
    const body = c.opts.body ?? {};
    const known = Object.fromEntries(Object.entries(body).filter(([k]) => o.fields.includes(k)));
    let rec = stored.find((s) => s.id === body.id);
    if (rec) {
      if (o.keepOnUpdate !== false) Object.assign(rec, known);
    } else {
      rec = { id: `c${stored.length + 1}`, heading: `${String(body.kind)} case`, note: 'n/a', ...known };
      for (const k of Object.keys(rec)) if (!o.fields.includes(k) && k !== 'id') delete rec[k];
      stored.push(rec);
    }
    return o.reply === 'empty' ? null : { ...rec };
  };
}

const puts = () => calls.filter((c) => c.op === 'workflows.evals.put');

beforeEach(() => {
  setActivePinia(createPinia());
  calls.length = 0;
  commands.length = 0;
  scripted.command = () => ({ id: 'z', learnedWords: [] });
});

describe('a case the zone stored under its default name', () => {
  it.each(['record', 'empty'] as const)(
    'is written again as an update under the field that holds the name, and the name is learned (reply: %s)',
    async (reply) => {
      scripted.answer = lenientZone({ fields: ['heading', 'kind', 'input', 'expected'], reply });
      await expect(saveCase(ref, typed)).resolves.toEqual({ ok: true, learned: ['heading'] });
      expect(puts().map((c) => c.opts.body)).toEqual([
        { name: 'greets politely', kind: 'contains', input: 'hi', expected: 'hello' },
        { id: 'c1', heading: 'greets politely', kind: 'contains', input: 'hi', expected: 'hello' },
      ]);
      expect((puts()[1]!.opts.words as { body: Record<string, unknown> }).body.heading).toEqual({
        role: 'evalCase.name',
        firm: true,
      });
      expect(commands.filter((c) => c.command === 'zones.learnWord').map((c) => c.input)).toEqual([
        {
          id: 'z',
          role: 'evalCase.name',
          place: 'body',
          name: 'heading',
          instead: 'name',
          operationId: 'workflows.evals.put',
        },
      ]);
    },
  );

  it('keeps the typed values and says what was tried when the retry does not stick; nothing is learned', async () => {
    scripted.answer = lenientZone({ fields: ['heading', 'kind', 'input', 'expected'], keepOnUpdate: false });
    const r = await saveCase(ref, typed);
    expect(r).toMatchObject({ ok: false, notKept: { name: 'c1' }, triedAs: ['heading'] });
    expect(puts()).toHaveLength(2);
    expect(commands.some((c) => c.command === 'zones.learnWord')).toBe(false);
  });

  it('writes nothing again where two fields could hold the name, and says it could not tell', async () => {
    scripted.answer = lenientZone({ fields: ['heading', 'note', 'kind', 'input', 'expected'] });
    const r = await saveCase(ref, typed);
    expect(r).toMatchObject({ ok: false, unclear: ['name'] });
    expect(r).not.toHaveProperty('triedAs');
    expect(puts()).toHaveLength(1);
    expect(commands.some((c) => c.command === 'zones.learnWord')).toBe(false);
  });
});

describe('a case read with the names the zone taught', () => {
  it('finds its name under the learned field', async () => {
    const { toEvalCase } = await import('../../../../../src-renderer/features/workflows/shapes/eval-case');
    const raw = { id: 'c1', heading: 'greets politely', kind: 'contains', input: 'hi', expected: 'hello' };
    expect(toEvalCase(raw, 0).name).toBe('c1');
    expect(toEvalCase(raw, 0, { 'evalCase.name': 'heading' }).name).toBe('greets politely');
  });
});
