/**
 * A run read in words no list holds (contract/run-record.ts): fields renamed at random, PascalCase
 * with a state one record down, a Kubernetes spec/status, a JSON:API envelope. The id tie between
 * the run's own id and its workflow's is broken by the workflow id the caller knows, never guessed.
 */
import { describe, expect, it } from 'vitest';
import { readRun, runStepsOf } from '../../../src-main/contract/run-record';
import { runStatusOf, stepNodeOf, stepsOf, stepStatusWordOf } from '../../../src-main/contract/run-steps';

const SPEC = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'review', type: 'approval' },
    { id: 'out', type: 'output' },
  ],
};
const RUN = '01a234f4-a7cd-7006-85f2-c650906880e7';
const WF = '62f3ecaa-912e-4fc9-8990-1081d6e81a40';

describe('a run in the zone’s words', () => {
  it('random names: the id by elimination of the workflow’s, the state and the steps by value', () => {
    const reply = {
      q1: RUN,
      q2: WF,
      q3: 'parked',
      q4: [
        { a: 'in', b: 'input', c: 'success' },
        { a: 'review', b: 'approval', c: 'parked' },
        { a: 'out', b: 'output', c: null },
      ],
      q5: SPEC,
    };
    const run = readRun(reply, undefined, [WF]);
    expect(run.id).toBe(RUN);
    expect(run.status).toBe('parked');
    expect(run.steps).toEqual([
      { node: 'in', word: 'success' },
      { node: 'review', word: 'parked' },
      { node: 'out', word: '?' },
    ]);
  });

  it('says the tie when nothing tells the run’s id from another', () => {
    const run = readRun({ q1: RUN, q2: WF, q3: 'queued' }, undefined, []);
    expect(run.id).toBeUndefined();
    expect(run.tied.sort()).toEqual(['q1', 'q2']);
  });

  it('PascalCase, a state one record down', () => {
    const run = readRun(
      {
        WorkflowRunId: RUN,
        WorkflowId: WF,
        State: { Name: 'waiting-approval', Code: 2762 },
        Steps: [{ NodeId: 'review', Status: 'waiting_approval' }],
      },
      undefined,
      [WF],
    );
    expect([run.id, run.status]).toEqual([RUN, 'waiting-approval']);
    expect(run.steps).toEqual([{ node: 'review', word: 'waiting_approval' }]);
  });

  it('sets aside a field the zone’s habit picked when it holds the workflow’s id (style:aws: WorkflowId)', () => {
    const dict = { kinds: { workflow: { read: { id: { path: ['WorkflowId'], from: 'inferred' as const } } } } };
    const rec = { WorkflowRunId: RUN, WorkflowId: WF, State: { Name: 'queued', Code: 41530 }, Steps: [] };
    expect(readRun(rec, dict).id).toBe(WF);
    expect(readRun(rec, dict, [WF]).id).toBe(RUN);
  });

  it('the window’s reader too (run-steps.ts): the state of EC2’s {State: {Name}} and its Steps, in PascalCase', () => {
    const rec = {
      WorkflowRunId: RUN,
      State: { Name: 'queued', Code: 41530 },
      Steps: [{ NodeId: 'in', Status: 'done' }],
    };
    expect(runStatusOf(rec)).toBe('queued');
    expect(stepsOf(rec).map(stepNodeOf)).toEqual(['in']);
    expect(stepsOf(rec).map(stepStatusWordOf)).toEqual(['done']);
    // Names as written still come first.
    expect(runStatusOf({ status: 'running', Status: 'failed' })).toBe('running');
  });

  it('a Kubernetes spec/status and a JSON:API envelope', () => {
    const k8s = readRun(
      {
        metadata: { name: 'v1', uid: RUN },
        spec: { workflowId: WF, steps: [{ nodeId: 'in', status: 'succeeded' }], spec: SPEC },
        status: { phase: 'WaitingApproval', conditions: [{ type: 'Ready', reason: 'WaitingApproval' }] },
      },
      undefined,
      [WF],
    );
    expect([k8s.id, k8s.status]).toEqual([RUN, 'WaitingApproval']);
    expect(k8s.steps).toEqual([{ node: 'in', word: 'succeeded' }]);
    const api = readRun(
      {
        data: {
          type: 'workflowRuns',
          id: RUN,
          attributes: { status: 'running', steps: [{ nodeId: 'in', status: 'running' }] },
        },
        jsonapi: { version: '1.1' },
      },
      undefined,
      [WF],
    );
    expect([api.id, api.status]).toEqual([RUN, 'running']);
    expect(api.steps).toEqual([{ node: 'in', word: 'running' }]);
  });

  it('the executed spec’s nodes are not the trail', () => {
    expect(runStepsOf({ status: 'queued', spec: SPEC })).toEqual([]);
  });
});
