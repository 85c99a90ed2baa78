/**
 * Worded calls against zones in names no list holds (random dialects), over real HTTP: a strict
 * zone's lint refused naming its own field for the spec is tried under it, and once more under the
 * one its answer names, and learned (the verdict does not carry the spec back); a lenient zone's refusal listing the kinds a case takes
 * ties its kind field to the one sent field holding one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallWords } from '../../../src-main/contract/zone-words';
import { isRecord, listOf } from '../../../src-main/contract/tolerant';
import { harness } from './harness';
import { loopbackFetch } from '../sandbox/helpers';

const LINT: CallWords = { body: { spec: { role: 'workflow.lintSpec', echoed: false } } };
const SPEC = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'out', type: 'output' },
  ],
  edges: [{ from: 'in', to: 'out' }],
};

async function zoneMap(h: Awaited<ReturnType<typeof harness>>): Promise<Record<string, string>> {
  const res = await loopbackFetch(`${h.sandbox.zones[0]!.baseUrl}/_sandbox/dialect`);
  return ((await res.json()) as { renaming: { map: Record<string, string> } }).renaming.map;
}

/** The first workflow's id, read by the zone's own name for ids. */
async function firstWorkflow(h: Awaited<ReturnType<typeof harness>>, zone: string, idKey: string): Promise<string> {
  const wf = listOf((await h.invoke('api.call', { zone, operationId: 'workflows.list' })).data)[0]!;
  return String(wf[idKey]);
}

describe('a strict zone in names of its own (random:2)', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  let zone: string;
  let map: Record<string, string>;
  beforeAll(async () => {
    h = await harness({ dialect: 'random:2' });
    zone = (await h.addAndSignIn('eu-1')).id;
    map = await zoneMap(h);
  });
  afterAll(async () => h?.close());

  // Two layers refuse in turn: its edge names its name for the `spec` sent (bx8swu5), then its
  // handler the field its lint reads (the zone's name for a draft): the second try takes it.
  it('lints a spec under the field the refusals name, learns it, and sends it so from then on', async () => {
    const id = await firstWorkflow(h, zone, map.id!);
    const lint = () =>
      h.invoke('api.call', {
        zone,
        operationId: 'workflows.validate',
        params: { id },
        body: { spec: SPEC },
        words: LINT,
      });
    const first = await lint();
    expect(first.status).toBe(200);
    expect(first.sent).toEqual({ body: { 'workflow.lintSpec': map.draft_spec } });
    const learned = (await h.invoke('zones.list', {}))[0]!.learnedWords ?? [];
    expect(learned).toEqual([
      expect.objectContaining({ role: 'workflow.lintSpec', name: map.draft_spec, instead: 'spec', place: 'body' }),
    ]);
    const again = await lint();
    expect(again).toMatchObject({ status: 200, sent: { body: { 'workflow.lintSpec': map.draft_spec } } });
  });
});

describe('a lenient zone in names of its own (random:13)', () => {
  let h: Awaited<ReturnType<typeof harness>>;
  let zone: string;
  let map: Record<string, string>;
  beforeAll(async () => {
    h = await harness({ dialect: 'random:13' });
    zone = (await h.addAndSignIn('eu-1')).id;
    map = await zoneMap(h);
  });
  afterAll(async () => h?.close());

  it('sends a case’s kind under the field whose values the refusal lists; the next refusal names another', async () => {
    const id = await firstWorkflow(h, zone, map.id!);
    const words: CallWords = {
      body: {
        name: { role: 'evalCase.name', alts: ['title'] },
        kind: { role: 'evalCase.kind', alts: ['type'] },
        input: { role: 'evalCase.input' },
        expected: { role: 'evalCase.expected' },
      },
    };
    const body = { name: 'says hi', kind: 'contains', input: 'there', expected: 'Say hi' };
    const err: unknown = await h
      .invoke('api.call', { zone, operationId: 'workflows.evals.put', params: { id }, body, words })
      .catch((e: unknown) => e);
    // The retry went with the kind under the zone's name: the zone now asks only for its expected text.
    expect(isRecord(err) && String(err.message)).toContain(map.expected);
    expect(isRecord(err) && String(err.message)).not.toContain(map.kind);
    expect(err).toMatchObject({ details: { retried: true } });
  });
});
