/**
 * Which sightings raise which notice (features/notifications/notice-rule.ts): only changes, never
 * what was so when first seen; one per run per transition whichever read says it; words the
 * vocabulary does not know raise nothing; a gate needs more than a bare "waiting"; deployments
 * that fail, zones that go down and come back.
 */
import { describe, expect, it } from 'vitest';
import type { RunSighting, Sighting } from '../../../../../src-renderer/data/sightings';
import { NoticeRule } from '../../../../../src-renderer/features/notifications/notice-rule';

const names = {
  zone: (id: string) => (id === 'eu-1' ? 'Prod EU' : id),
  workflow: (_z: string, id: string) => (id === 'wf1' ? 'triage' : undefined),
  workspace: () => 'shop',
};
const run = (id: string, status: string, over: Partial<RunSighting> = {}): RunSighting => ({
  id,
  status,
  gate: false,
  ...over,
});
const page = (...runs: RunSighting[]): Sighting => ({
  kind: 'runs',
  zone: 'eu-1',
  workflowId: 'wf1',
  source: 'page',
  runs,
});
const record = (r: RunSighting, workflowId: string | null = 'wf1'): Sighting => ({
  kind: 'runs',
  zone: 'eu-1',
  workflowId: workflowId ?? undefined,
  source: 'record',
  runs: [r],
});
const kinds = (list: { kind: string; key: string }[]) => list.map((n) => `${n.kind} ${n.key}`);

describe('runs', () => {
  it('take what the first page shows as it is, and tell each change after', () => {
    const rule = new NoticeRule(names);
    expect(rule.seen(page(run('r1', 'waiting_approval', { gate: true }), run('r2', 'failed')))).toEqual([]);
    expect(rule.seen(page(run('r1', 'waiting_approval', { gate: true }), run('r2', 'failed')))).toEqual([]);
    const done = rule.seen(page(run('r1', 'succeeded'), run('r2', 'failed')));
    expect(kinds(done)).toEqual(['run run:eu-1/r1:succeeded']);
    expect(done[0]).toMatchObject({
      zone: 'eu-1',
      title: 'Run finished in Prod EU',
      body: 'Run r1 of triage succeeded.',
      rest: ['workflows', 'wf1', 'runs', 'r1'],
      screen: 'run:eu-1/r1',
    });
  });

  it('tell a run new to a page already read, already parked at its gate', () => {
    const rule = new NoticeRule(names);
    rule.seen(page());
    const [n] = rule.seen(page(run('r3', 'awaiting_approval', { gate: true, gateMessage: 'Ship it?' })));
    expect(n).toMatchObject({
      kind: 'gate',
      title: 'Waiting for approval in Prod EU',
      body: 'Run r3 of triage: Ship it?',
      rest: ['workflows', 'wf1', 'runs', 'r3'],
    });
  });

  it('tell each transition once, whether the page or the record says it, and again for the next one', () => {
    const rule = new NoticeRule(names);
    rule.seen(page(run('r1', 'running')));
    expect(kinds(rule.seen(record(run('r1', 'waiting_approval', { gate: true }))))).toEqual(['gate run:eu-1/r1:gate']);
    expect(rule.seen(page(run('r1', 'waiting_approval', { gate: true })))).toEqual([]);
    // An older read saying "running" again, then the gate again: still one notice for it.
    rule.seen(page(run('r1', 'running')));
    expect(rule.seen(record(run('r1', 'waiting_approval', { gate: true })))).toEqual([]);
    expect(kinds(rule.seen(record(run('r1', 'error', { error: 'boom' }))))).toEqual(['run run:eu-1/r1:failed']);
    expect(rule.seen(page(run('r1', 'error')))).toEqual([]);
  });

  it('a run first read by its record (opened) is taken as it is', () => {
    const rule = new NoticeRule(names);
    expect(rule.seen(record(run('r9', 'failed')))).toEqual([]);
    expect(rule.seen(record(run('r9', 'failed')))).toEqual([]);
  });

  it('words the vocabulary does not know raise nothing and keep what was known', () => {
    const rule = new NoticeRule(names);
    rule.seen(page(run('r1', 'running')));
    expect(rule.seen(page(run('r1', 'flibbering')))).toEqual([]);
    expect(rule.seen(page(run('r1', 'running')))).toEqual([]);
    expect(kinds(rule.seen(page(run('r1', 'cancelled'))))).toEqual(['run run:eu-1/r1:failed']);
  });

  it('a failure says the zone’s word and reason; a run without its workflow links to the workflows', () => {
    const rule = new NoticeRule(names);
    rule.seen(record(run('r1', 'running'), null));
    const [n] = rule.seen(record(run('r1', 'timed_out', { error: 'no answer in 60 s' }), null));
    expect(n).toMatchObject({ title: 'Run failed in Prod EU', body: 'Run r1 timed out: no answer in 60 s' });
    expect(n!.rest).toEqual(['workflows']);
  });

  it('a hostile reason is shown plain: no control characters or bidi overrides, one line, bounded', () => {
    const rule = new NoticeRule(names);
    rule.seen(record(run('r1', 'running')));
    const error = `bad\u202Efdp.exe\r\nFAKE: all good\u0007 ${'x'.repeat(1000)}`;
    const [n] = rule.seen(record(run('r1', 'failed', { error })));
    expect(n!.body).toMatch(/^Run r1 of triage failed: bad fdp\.exe FAKE: all good x+…$/);
    expect(n!.body).toHaveLength(160);
  });

  it('keeps runs of different zones apart', () => {
    const rule = new NoticeRule(names);
    rule.seen(page(run('r1', 'running')));
    rule.seen({ ...page(run('r1', 'running')), zone: 'us-1' });
    const out = rule.seen({ ...page(run('r1', 'failed')), zone: 'us-1' });
    expect(kinds(out)).toEqual(['run run:us-1/r1:failed']);
    expect(out[0]!.title).toBe('Run failed in us-1');
  });
});

describe('deployments', () => {
  const history = (...deployments: { key: string; status: string }[]): Sighting => ({
    kind: 'deployments',
    zone: 'eu-1',
    workspaceId: 'ws1',
    deployments,
  });

  it('tell a deployment that fails, or a new one that failed, once; not one that failed before', () => {
    const rule = new NoticeRule(names);
    expect(rule.seen(history({ key: 'd1', status: 'failed' }))).toEqual([]);
    expect(rule.seen(history({ key: 'd2', status: 'deploying' }))).toEqual([]);
    const [n] = rule.seen(history({ key: 'd2', status: 'error' }));
    expect(n).toMatchObject({
      kind: 'deploy',
      title: 'Deployment failed in Prod EU',
      body: 'shop: the deployment error.',
      rest: ['workspaces', 'ws1'],
      screen: 'deployments:eu-1/ws1',
    });
    expect(rule.seen(history({ key: 'd2', status: 'error' }))).toEqual([]);
    expect(kinds(rule.seen(history({ key: 'd3', status: 'failed' })))).toEqual(['deploy deploy:eu-1/ws1/d3']);
    expect(rule.seen(history({ key: 'd4', status: 'kaput' }))).toEqual([]);
    expect(rule.seen(history({ key: 'd5', status: 'deployed' }))).toEqual([]);
  });
});

describe('zone health', () => {
  it('tells a zone going down and coming back, not how it was first, not "not checked yet"', () => {
    const rule = new NoticeRule(names);
    expect(rule.healthSeen('eu-1', false)).toEqual([]);
    expect(rule.healthSeen('eu-1', null)).toEqual([]);
    expect(rule.healthSeen('eu-1', false)).toEqual([]);
    const [down] = rule.healthSeen('eu-1', true);
    expect(down).toMatchObject({
      kind: 'health',
      zone: 'eu-1',
      title: 'Prod EU is not answering',
      rest: ['home'],
    });
    expect(rule.healthSeen('eu-1', true)).toEqual([]);
    const [up] = rule.healthSeen('eu-1', false);
    expect(up).toMatchObject({ kind: 'health', title: 'Prod EU is back' });
    expect(rule.healthSeen('us-1', true)).toEqual([]);
  });
});
