/**
 * Shape matrix of a run record: its state in any word and case, its steps under every key with the
 * node key under every name, the gate as a step's word, a field of its own or the run's word, the
 * approvals and start bodies in the zone's words, the started run's id under any name, and a
 * record nothing can be read from.
 */
import { describe, expect, it } from 'vitest';
import {
  progressFromRun,
  runFinished,
  runInFlight,
  toRunSummary,
  unreadRunFields,
} from '../../../../src-renderer/features/workflows/shapes/run-record';
import { approvalBody, startBody, startedRunOf } from '../../../../src-renderer/features/workflows/shapes/run';
import { runSighting } from '../../../../src-renderer/features/workflows/production/run-sighting';

const SPEC = { nodes: [{ id: 'in' }, { id: 'draft' }, { id: 'gate', type: 'approval', message: 'Ship it?' }] };

describe('run status words', () => {
  it.each(['running', 'RUNNING', 'Queued', 'in-progress', 'waiting_approval', 'Awaiting Approval', 'parked'])(
    '%s is in flight',
    (w) => {
      expect(runInFlight(w)).toBe(true);
      expect(runFinished(w)).toBe(false);
    },
  );
  it.each(['succeeded', 'COMPLETED', 'Done', 'failed', 'Cancelled', 'canceled', 'rejected'])('%s is over', (w) => {
    expect(runFinished(w)).toBe(true);
    expect(runInFlight(w)).toBe(false);
  });
  it('an unknown word is neither (Cancel stays offered, nothing is waited on)', () => {
    expect(runFinished('zorp')).toBe(false);
    expect(runInFlight('zorp')).toBe(false);
  });
  it.each([
    [{ id: 'r1', status: 'Succeeded' }, 'Succeeded'],
    [{ uuid: 'r1', state: 'running' }, 'running'],
    [{ run_id: 'r1', phase: 'Parked' }, 'Parked'],
    [{ id: 'r1', status: { phase: 'COMPLETED' } }, 'COMPLETED'],
  ])('reads the status of %j as written', (rec, word) => {
    const s = toRunSummary(rec, 0);
    expect(s.id).toBe('r1');
    expect(s.status).toBe(word);
  });
});

const STEP_KEYS = ['steps', 'trail', 'step_trail', 'nodes', 'node_runs'];
const NODE_KEYS = ['node_id', 'nodeId', 'node', 'step_id', 'name', 'id'];

describe('steps under every key, the node under every name', () => {
  for (const sk of STEP_KEYS) {
    for (const nk of NODE_KEYS) {
      it(`${sk}[].${nk}`, () => {
        const rec = {
          id: 'r1',
          status: 'RUNNING',
          [sk]: [
            { [nk]: 'in', status: 'SUCCEEDED' },
            { [nk]: 'draft', state: 'Running' },
          ],
        };
        const p = progressFromRun(rec);
        expect(p.trail.map((s) => `${s.nodeId}:${s.status}`)).toEqual(['in:done', 'draft:running']);
        expect(p.status).toEqual({ in: 'done', draft: 'running' });
        expect(p.runStatus).toBe('RUNNING');
      });
    }
  }

  it('a step with its own id and a node name: the spec decides which is the node', () => {
    const rec = { status: 'running', spec: SPEC, steps: [{ id: 'st-77', name: 'draft', status: 'done' }] };
    expect(progressFromRun(rec, new Set(['in', 'draft', 'gate'])).trail[0]!.nodeId).toBe('draft');
  });

  it('a map of node → step, and a nested {node: {id}}', () => {
    expect(progressFromRun({ steps: { in: { status: 'ok' }, draft: 'running' } }).status).toEqual({
      in: 'done',
      draft: 'running',
    });
    expect(progressFromRun({ steps: [{ node: { id: 'in' }, status: 'failed' }] }).status).toEqual({ in: 'failed' });
  });

  it('keeps an unknown step word as the zone wrote it', () => {
    const p = progressFromRun({ steps: [{ node_id: 'in', status: 'Frobnicated' }] });
    expect(p.trail[0]).toMatchObject({ status: 'unknown', word: 'Frobnicated' });
  });
});

describe('a run parked at a gate', () => {
  it('by its step word, the question from the executed spec', () => {
    const rec = {
      status: 'waiting_approval',
      spec: SPEC,
      steps: [
        { node_id: 'in', status: 'succeeded' },
        { node_id: 'gate', status: 'WAITING_APPROVAL' },
      ],
    };
    expect(progressFromRun(rec).waiting).toEqual({ nodeId: 'gate', message: 'Ship it?' });
  });

  it('by a gate field of its own', () => {
    const rec = {
      state: 'running',
      approval: { node: 'gate', status: 'pending', prompt: 'Go?' },
      trail: [{ node_id: 'gate', state: 'running' }],
    };
    expect(progressFromRun(rec).waiting).toEqual({ nodeId: 'gate', message: 'Go?' });
  });

  it('by the run word alone: at its last open step', () => {
    const rec = { status: 'Parked', spec: SPEC, steps: [{ step_id: 'in', status: 'done' }, { step_id: 'gate' }] };
    expect(progressFromRun(rec).waiting).toEqual({ nodeId: 'gate', message: 'Ship it?' });
    expect(progressFromRun({ status: 'BLOCKED' }).waiting).toEqual({ nodeId: undefined, message: undefined });
  });

  it('a history row in Google’s words (uid, a resource name, an UPPER_SNAKE state) is seen at its gate', () => {
    const row = {
      name: 'zones/eu-1/workflowRuns/01a2352c',
      uid: '01a2352c',
      workflowId: 'w-1',
      state: 'WAITING_APPROVAL',
      createTime: '2026-12-02T05:14:24.890Z',
    };
    expect(toRunSummary(row, 0).id).toBe('01a2352c');
    expect(runSighting(row)).toEqual({ id: '01a2352c', status: 'WAITING_APPROVAL', gate: true });
  });

  it('not once the run is over or the gate decided', () => {
    expect(progressFromRun({ status: 'cancelled', steps: [{ node_id: 'g', status: 'waiting' }] }).waiting).toBe(
      undefined,
    );
    expect(progressFromRun({ status: 'running', gate: { node_id: 'g', status: 'approved' } }).waiting).toBe(undefined);
  });
});

describe('writes in the zone’s words', () => {
  it('approvals: defaults, else the names and tense of the run’s decided steps', () => {
    expect(approvalBody('approve', ' ok ', {}).values).toEqual({ decision: 'approve', comment: 'ok' });
    expect(approvalBody('reject', '', {}).values).toEqual({ decision: 'reject' });
    const run = { steps: [{ node_id: 'g1', verdict: 'approved', note: 'fine', status: 'done' }] };
    const b = approvalBody('reject', 'no', run);
    expect(b.values).toEqual({ verdict: 'rejected', note: 'no' });
    expect(b.words.verdict).toMatchObject({ role: 'approval.decision', firm: true });
  });

  it('start: the input under the name the zone’s runs use', () => {
    expect(startBody('hi', []).values).toEqual({ input: 'hi' });
    expect(startBody({ a: 1 }, [{ id: 'r', inputs: {} }]).values).toEqual({ inputs: { a: 1 } });
    expect(startBody('x', [{ id: 'r', payload: 'y' }]).words.payload).toMatchObject({ role: 'run.input', firm: true });
  });

  it.each([
    [{ id: 'r9', status: 'queued' }],
    [{ run_id: 'r9' }],
    [{ run: { uuid: 'r9' } }],
    [{ data: { runId: 'r9' } }],
  ])('finds the started run’s id in %j', (reply) => {
    expect(toRunSummary(startedRunOf(reply)!, 0).id).toBe('r9');
  });

  // A Google-style run: `name` a resource path, the id `uid` — a name on no list here, read by value.
  const uid = '7ba4f141-2918-4c08-b68d-96bcafc7d670';
  const path = { name: `zones/eu-1/workflowRuns/${uid}`, uid, workflowId: 'd21b7cd8-5980-4322-8de4-7babff15d9fb' };
  it.each([[{ ...path, state: 'RUNNING' }], [{ requestId: 'req-1', run: { ...path, state: 'RUNNING' } }]])(
    'finds a run’s id by its values when none of our names holds it: %j',
    (reply) => {
      expect(toRunSummary(startedRunOf(reply)!, 0).id).toBe(uid);
    },
  );
});

describe('an unknown shape', () => {
  it('names the fields nothing read, never values', () => {
    expect(unreadRunFields({ id: 'r', frob: { x: 1 }, glim: 'secret' })).toEqual(['frob', 'glim']);
    expect(unreadRunFields({ id: 'r', status: 'zorp' })).toBeUndefined();
    expect(unreadRunFields({})).toBeUndefined();
  });
});
