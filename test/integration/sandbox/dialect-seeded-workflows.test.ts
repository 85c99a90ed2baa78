/**
 * Seeded dialects, both directions, in the workflow studio (issue #22, journeys 2, 3 and 5): the
 * draft under the zone's own field on create, update and read; the deployment in its own shape;
 * a run started, parked, approved and finished in its own words; the stream's event names and ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventName, runWord } from '../../../src-main/sandbox/dialect/words';
import { loopbackFetch, type TestSandbox } from './helpers';
import { byName, idOf, namedIn, rows, send, sleep, startSeeded, type Rec, type SeededZone } from './dialect-support';

const SEEDS = ['seed:8119', 'seed:10315', 'seed:904', 'seed:976', 'seed:591'] as const;
const DRAFT = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'say', type: 'llm', prompt: 'Say: {{input}}' },
    { id: 'out', type: 'output' },
  ],
  edges: [
    { from: 'in', to: 'say' },
    { from: 'say', to: 'out' },
  ],
};
let sb: TestSandbox;
const zones: Record<string, SeededZone> = {};

beforeAll(async () => {
  const started = await startSeeded(SEEDS);
  sb = started.sb;
  for (const z of started.zones.slice(1)) zones[z.dialect] = z;
});
afterAll(() => sb.close());

/** The primary runner's version, wherever this dialect keeps it. */
function primaryVersion(w: Rec, z: SeededZone): unknown {
  switch (z.ch.deployment) {
    case 'deployment':
      return ((w.deployment as Rec).primary as Rec).version;
    case 'primary_runner':
      return (w.primary_runner as Rec).version;
    case 'runners':
      return (w.runners as Rec[]).find((r) => r.role === 'primary')?.version;
    case 'deployed_version':
      return w.deployed_version;
  }
}

async function runUntil(z: SeededZone, runId: string, word: string): Promise<Rec> {
  for (let i = 0; i < 60; i++) {
    const r = (await send(z, 'GET', `/workflow-runs/${runId}`)).body as Rec;
    if (r[z.ch.stateField] === word) return r;
    await sleep(100);
  }
  throw new Error(`run ${runId} never said ${word}`);
}

describe.each(SEEDS)('the studio in %s', (dialect) => {
  const z = () => zones[dialect]!;

  it('refuses a create in the standard names, naming its own fields', async () => {
    const r = await send(z(), 'POST', '/workflows', { name: 'std-names', draft_spec: DRAFT });
    expect(r.status).toBe(422);
    const wants = [z().ch.name, z().ch.draftField].filter((n, i) => n !== ['name', 'draft_spec'][i]);
    expect(wants).toContain(namedIn(r.body));
    expect(JSON.stringify(r.body)).not.toContain('draft_spec');
  });

  it('keeps the draft under its own field on create, update and read', async () => {
    const c = await send(z(), 'POST', '/workflows', { [z().ch.name]: 'own-words', [z().ch.draftField]: DRAFT });
    expect(c.status).toBe(Number(z().ch.createStatus));
    const id = idOf(c.body as Rec, z().ch, 'workflow');
    const got = (await send(z(), 'GET', `/workflows/${id}`)).body as Rec;
    expect(got[z().ch.draftField]).toEqual(DRAFT);
    const changed = {
      ...DRAFT,
      nodes: DRAFT.nodes.map((n) => (n.id === 'say' ? { ...n, prompt: 'Shout: {{input}}' } : n)),
    };
    const u = await send(z(), 'PUT', `/workflows/${id}`, { [z().ch.draftField]: changed });
    expect(u.status).toBe(z().ch.workflowWriteReply === 'empty' ? 204 : 200);
    if (z().ch.workflowWriteReply === 'without_draft') expect(u.body).not.toHaveProperty(z().ch.draftField);
    expect(((await send(z(), 'GET', `/workflows/${id}`)).body as Rec)[z().ch.draftField]).toEqual(changed);
  });

  it('names the primary runner in its own shape', async () => {
    expect(primaryVersion(await byName(z(), '/workflows', 'triage'), z())).toBe(1);
  });

  it('runs, parks at the gate, takes an approval in its own shape and finishes, in its own words', async () => {
    const w = await byName(z(), '/workflows', 'triage');
    const wid = idOf(w, z().ch, 'workflow');
    if (z().ch.runInput !== 'input') {
      const refused = await send(z(), 'POST', `/workflows/${wid}/run`, { input: 'x' });
      expect(refused.status).toBe(422);
      expect(namedIn(refused.body)).toBe(z().ch.runInput);
    }
    const started = await send(z(), 'POST', `/workflows/${wid}/run`, { [z().ch.runInput]: 'printer on fire' });
    expect(started.status).toBe(Number(z().ch.createStatus));
    const runId = idOf(started.body as Rec, z().ch, 'run');
    const parked = await runUntil(z(), runId, runWord(z().ch, 'waiting_approval') as string);
    const steps = parked[z().ch.steps] as Rec[];
    expect(steps.map((s) => s[z().ch.stepKey])).toEqual(['in', 'classify', 'review']);
    expect(parked[z().ch.runInput]).toBe('printer on fire');
    const approval =
      z().ch.approval === 'approved'
        ? { approved: true }
        : z().ch.approval === 'action'
          ? { action: 'approve' }
          : { decision: 'approve' };
    if (z().ch.approval !== 'decision')
      expect((await send(z(), 'POST', `/workflow-runs/${runId}/approvals`, { decision: 'approve' })).status).toBe(422);
    expect((await send(z(), 'POST', `/workflow-runs/${runId}/approvals`, approval)).status).toBe(200);
    const done = await runUntil(z(), runId, runWord(z().ch, 'succeeded') as string);
    expect(done.output).toContain('printer on fire');

    const stream = await send(z(), 'GET', `/workflow-runs/${runId}/stream`);
    const names = [...stream.text.matchAll(/^event: (.*)$/gm)].map((m) => m[1]);
    const ids = [...stream.text.matchAll(/^id: (.*)$/gm)].map((m) => m[1]!);
    const frames = [...stream.text.matchAll(/^data: /gm)].length;
    expect(frames).toBeGreaterThan(5);
    if (z().ch.events === 'unnamed') expect(names).toEqual([]);
    else expect(names.at(-1)).toBe(eventName(z().ch, 'run_finished'));
    if (z().ch.eventIds === 'none') expect(ids).toEqual([]);
    else expect(ids).toHaveLength(frames);
    if (z().ch.eventIds === 'uuid')
      expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    if (z().ch.eventIds === 'run_seq') expect(ids[0]).toBe(`${runId}:1`);
    if (ids.length > 0) {
      // Resuming after the dialect's own id replays only what came later.
      const res = await sendWithLastId(z(), runId, ids[ids.length - 2]!);
      expect([...res.matchAll(/^data: /gm)]).toHaveLength(1);
    }
  });
});

/** The next page's URL path from a list reply, wherever this dialect puts its cursor or link. */
function nextPage(z: SeededZone, path: string, body: unknown, headers: Headers): string | undefined {
  const b = body as Rec;
  const link = (v: unknown) =>
    typeof v === 'string' ? new URL(v).pathname.replace('/api/v1', '') + new URL(v).search : undefined;
  const cursor = (v: unknown) => (typeof v === 'string' ? `${path}&before=${v}` : undefined);
  switch (z.ch.envelope) {
    case 'items':
      return cursor(b.next_before);
    case 'data_next':
      return link(b.next);
    case 'results_cursor':
      return cursor(b.cursor);
    case 'plural_next_cursor':
      return cursor(b.next_cursor);
    case 'bare_link':
      return link(/<([^>]+)>;\s*rel="next"/.exec(headers.get('link') ?? '')?.[1]);
  }
}

describe.each(SEEDS)('run history in %s', (dialect) => {
  const z = () => zones[dialect]!;

  it('pages with its own cursor or link, newest first', async () => {
    const wid = idOf(await byName(z(), '/workflows', 'triage'), z().ch, 'workflow');
    const started: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await send(z(), 'POST', `/workflows/${wid}/run`, { [z().ch.runInput]: `page ${i}` });
      started.push(idOf(r.body as Rec, z().ch, 'run'));
    }
    const first = await send(z(), 'GET', `/workflows/${wid}/runs?limit=1`);
    expect(rows(first.body).map((r) => idOf(r, z().ch, 'run'))).toEqual([started[1]]);
    const next = nextPage(z(), `/workflows/${wid}/runs?limit=1`, first.body, first.headers);
    expect(next).toBeDefined();
    const second = await send(z(), 'GET', next!);
    expect(rows(second.body).map((r) => idOf(r, z().ch, 'run'))).toEqual([started[0]]);
  });
});

async function sendWithLastId(z: SeededZone, runId: string, last: string): Promise<string> {
  const res = await loopbackFetch(`${z.base}/api/v1/workflow-runs/${runId}/stream`, {
    headers: { authorization: `Bearer ${z.token}`, 'last-event-id': last },
  });
  return res.text();
}
