/**
 * The draft store: unsaved edits are never overwritten by a draft changed on the zone, validate
 * never sends text that is not JSON and drops an older reply, and a refused publish (422) keeps
 * the text and shows the zone's problems.
 */
import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../../../../src-main/contract/errors';

const calls: { op: string; opts: unknown }[] = [];
let reply: (op: string, opts: unknown) => Promise<unknown> = async () => ({});
vi.mock('../../../../../src-renderer/agent', () => ({
  agent: {
    call: vi.fn((_zone: string, op: string, opts: unknown) => {
      calls.push({ op, opts });
      return reply(op, opts);
    }),
    send: vi.fn(async (_zone: string, op: string, opts: unknown) => {
      calls.push({ op, opts });
      return { status: 200, data: await reply(op, opts) };
    }),
    onEvent: () => () => undefined,
    onConnection: () => () => undefined,
    invoke: vi.fn(async () => []),
  },
}));
const { useWorkflowDraftStore, specText } =
  await import('../../../../../src-renderer/features/workflows/editor/workflow-draft');

const ref = { zone: 'eu-1', id: 'w1' };
const specA = { nodes: [{ id: 'in', type: 'input' }], edges: [] };
const specB = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'out', type: 'output' },
  ],
  edges: [],
};

beforeEach(() => {
  setActivePinia(createPinia());
  calls.length = 0;
  reply = async () => ({});
  vi.useFakeTimers();
});

describe('workflow draft store', () => {
  it('loads the zone draft as pretty JSON and follows the zone while nothing is unsaved', () => {
    const s = useWorkflowDraftStore();
    s.syncFromZone(ref, { id: 'w1', draft_spec: specA });
    expect(s.draft(ref)!.text).toBe(JSON.stringify(specA, null, 2));
    expect(s.isDirty(ref)).toBe(false);
    s.syncFromZone(ref, { id: 'w1', draft_spec: specB });
    expect(s.draft(ref)!.text).toBe(specText(specB));
    expect(s.draft(ref)!.stale).toBeNull();
  });

  it('holds a draft changed on the zone aside while there are unsaved edits', () => {
    const s = useWorkflowDraftStore();
    s.syncFromZone(ref, { draft_spec: specA });
    s.setText(ref, '{"nodes": []}');
    s.syncFromZone(ref, { draft_spec: specB });
    expect(s.draft(ref)!.text).toBe('{"nodes": []}');
    expect(s.draft(ref)!.stale?.text).toBe(specText(specB));
    // The same zone draft again changes nothing; keeping mine drops the notice, edits stay unsaved.
    s.keepMine(ref);
    expect(s.draft(ref)!.stale).toBeNull();
    expect(s.isDirty(ref)).toBe(true);
    s.syncFromZone(ref, { draft_spec: specB });
    expect(s.draft(ref)!.stale).toBeNull();
    s.syncFromZone(ref, { draft_spec: specA });
    s.takeZone(ref);
    expect(s.draft(ref)!.text).toBe(specText(specA));
    expect(s.isDirty(ref)).toBe(false);
  });

  it('validates only text that parses, and drops a reply for an older text', async () => {
    const s = useWorkflowDraftStore();
    s.syncFromZone(ref, { draft_spec: specA });
    s.setText(ref, '{"nodes": [');
    await vi.runAllTimersAsync();
    expect(calls.filter((c) => c.op === 'workflows.validate')).toHaveLength(0);
    expect(s.draft(ref)!.parseError).toBeTruthy();

    let release: (v: unknown) => void = () => undefined;
    reply = (op) => (op === 'workflows.validate' ? new Promise((r) => (release = r)) : Promise.resolve({}));
    s.setText(ref, JSON.stringify(specA));
    await vi.advanceTimersByTimeAsync(400);
    const first = release;
    reply = async () => ({ valid: false, errors: { in: ['second'] } });
    s.setText(ref, JSON.stringify(specB));
    await vi.advanceTimersByTimeAsync(400);
    first({ valid: false, errors: { in: ['first'] } });
    await vi.runAllTimersAsync();
    expect(s.draft(ref)!.parseError).toBeNull();
    expect(s.draft(ref)!.report).toEqual({ valid: false, errors: { in: ['second'] } });
    const sent = calls.filter((c) => c.op === 'workflows.validate').map((c) => c.opts);
    // The lint's spec is a worded field of its own, not looked for in the verdict.
    expect(sent.at(-1)).toEqual({
      params: { id: 'w1' },
      body: { spec: specB },
      words: { body: { spec: { role: 'workflow.lintSpec', echoed: false } } },
    });
  });

  it('publishes after saving unsaved edits; a 422 keeps the text and shows its problems', async () => {
    const s = useWorkflowDraftStore();
    s.syncFromZone(ref, { draft_spec: specA });
    const edited = JSON.stringify({ nodes: [{ id: 'ask', type: 'llm' }] });
    s.setText(ref, edited);
    reply = async (op) => {
      if (op === 'workflows.publish')
        throw new AgentError({
          status: 422,
          code: 'invalid_spec',
          message: 'the draft spec is invalid',
          details: { errors: { ask: ['llm node needs a prompt'] } },
        });
      return { id: 'w1', draft_spec: JSON.parse(edited) as unknown };
    };
    const r = await s.publish(ref);
    expect(r.ok).toBe(false);
    expect(calls.map((c) => c.op)).toEqual(['workflows.update', 'workflows.publish']);
    expect(s.draft(ref)!.text).toBe(edited);
    expect(s.isDirty(ref)).toBe(false);
    expect(s.draft(ref)!.reportFrom).toBe('publish');
    expect(s.draft(ref)!.report).toMatchObject({ errors: { ask: ['llm node needs a prompt'] } });

    reply = async () => ({ version: 3, spec: {} });
    await expect(s.publish(ref)).resolves.toEqual({ ok: true, version: 3 });
  });

  it('refuses to save text that is not JSON without calling the zone', async () => {
    const s = useWorkflowDraftStore();
    s.syncFromZone(ref, { draft_spec: specA });
    s.setText(ref, '{ nope');
    await expect(s.save(ref)).rejects.toThrow(/not valid JSON/);
    expect(calls.filter((c) => c.op === 'workflows.update')).toHaveLength(0);
    expect(s.isDirty(ref)).toBe(true);
  });

  it("a zone that answers the save but keeps an older draft: the text stays, unsaved, and the zone's draft is held aside", async () => {
    const s = useWorkflowDraftStore();
    s.syncFromZone(ref, { id: 'w1', definition: specA });
    const edited = JSON.stringify(specB);
    s.setText(ref, edited);
    // The reply is silent about the draft; the read-back shows the old one.
    reply = async (op) => (op === 'workflows.get' ? { id: 'w1', definition: specA } : {});
    await expect(s.save(ref)).resolves.toMatchObject({ kept: false });
    expect(calls.map((c) => c.op)).toEqual(['workflows.update', 'workflows.get']);
    // Written under the record's own name, firm.
    expect(calls[0]!.opts).toMatchObject({
      body: { definition: specB },
      words: { body: { definition: { firm: true } } },
    });
    const d = s.draft(ref)!;
    expect(d.text).toBe(edited);
    expect(s.isDirty(ref)).toBe(true);
    expect(d.stale).toMatchObject({ kind: 'notKept', text: specText(specA) });
    // A later read of the same old record changes nothing.
    s.syncFromZone(ref, { id: 'w1', definition: specA });
    expect(s.draft(ref)!.text).toBe(edited);
    // Publish does not publish a draft the zone did not keep.
    const r = await s.publish(ref);
    expect(r.ok).toBe(false);
    expect(calls.some((c) => c.op === 'workflows.publish')).toBe(false);
  });

  it('a save kept as sent (read back when the reply is silent) is saved; an older read arriving after it is ignored', async () => {
    const s = useWorkflowDraftStore();
    s.syncFromZone(ref, { id: 'w1', draft_spec: specA });
    const edited = JSON.stringify(specB, null, 4);
    s.setText(ref, edited);
    // The zone keeps the draft with its keys in another order: the same spec.
    const reordered = { edges: [], nodes: specB.nodes.map((n) => ({ type: n.type, id: n.id })) };
    reply = async (op) => (op === 'workflows.get' ? { id: 'w1', draft_spec: reordered } : undefined);
    await expect(s.save(ref)).resolves.toEqual({ kept: true });
    expect(s.isDirty(ref)).toBe(false);
    s.syncFromZone(ref, { id: 'w1', draft_spec: specA });
    expect(s.draft(ref)!.text).toBe(edited);
    expect(s.draft(ref)!.stale).toBeNull();
  });

  it('a record without a draft never replaces the text; it is said to be of unknown shape', () => {
    const s = useWorkflowDraftStore();
    s.syncFromZone(ref, { id: 'w1', draft_spec: specA });
    s.syncFromZone(ref, { id: 'w1', name: 'x', blueprint_v2: 'opaque' });
    expect(s.draft(ref)!.text).toBe(specText(specA));
    expect(s.draft(ref)!.unreadable?.unread).toEqual(['blueprint_v2']);
  });
});
