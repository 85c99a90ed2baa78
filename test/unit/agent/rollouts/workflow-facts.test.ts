/** The rollout engine's readings of workflow records, in the shapes the sandbox's dialects send. */
import { describe, expect, it } from 'vitest';
import {
  canonSpec,
  draftOf,
  runnersOf,
  runsOf,
  suiteOf,
  versionNumberOf,
} from '../../../../src-main/agent/rollouts/workflow-facts';

const SPEC = { nodes: [{ id: 'in', type: 'input' }], edges: [] };

describe('workflow facts', () => {
  it('finds the draft under a known name, by structure, as JSON text, and one record down', () => {
    expect(draftOf({ draft_spec: SPEC })).toEqual({ spec: SPEC, name: 'draft_spec', asText: false });
    expect(draftOf({ graphDoc: SPEC })).toMatchObject({ name: 'graphDoc' });
    expect(draftOf({ definition: JSON.stringify(SPEC) })).toEqual({ spec: SPEC, name: 'definition', asText: true });
    expect(draftOf({ attributes: { spec: SPEC } })).toMatchObject({ name: 'spec', spec: SPEC });
    expect(draftOf({ spec: { replicas: 2 } })).toBeUndefined();
  });

  it('compares specs whatever their key order', () => {
    expect(canonSpec({ edges: [], nodes: [{ type: 'input', id: 'in' }] })).toBe(canonSpec(SPEC));
  });

  it('reads the runners of a deployment record, a runner list and flat fields', () => {
    expect(runnersOf({ deployment: { primary: { version: 1 }, canary: { version: 2, weight: 20 } } })).toEqual({
      primary: 1,
      canary: 2,
      shown: true,
    });
    expect(
      runnersOf({
        runners: [
          { role: 'primary', version_number: 3 },
          { role: 'canary', version: 4 },
        ],
      }),
    ).toEqual({
      primary: 3,
      canary: 4,
      shown: true,
    });
    expect(runnersOf({ deployed_version: 'v5', canary_version: null })).toEqual({ primary: 5, shown: true });
    expect(runnersOf({ deployment: { primary: null, canary: null } })).toEqual({ shown: true });
    expect(runnersOf({ name: 'x' })).toEqual({ shown: false });
  });

  it('reads a version number by name, nested, or as the one small whole number', () => {
    expect(versionNumberOf({ version_number: 2 })).toBe(2);
    expect(versionNumberOf({ published: { version: 3 } })).toBe(3);
    expect(versionNumberOf({ n: 4, created_at: 1796184685743 })).toBe(4);
    expect(versionNumberOf({ a: 1, b: 2 })).toBeUndefined();
  });

  it('passes a suite only when the zone says so, and keeps the failed cases’ reasons', () => {
    expect(suiteOf({ id: 's1', passed: true, verdicts: [] })).toMatchObject({ passed: true, id: 's1' });
    const failed = suiteOf({ verdict: 'fail', version: 2, verdicts: [{ passed: false, reason: 'output lacks "x"' }] });
    expect(failed).toMatchObject({ passed: false, version: 2, failures: ['output lacks "x"'] });
    expect(suiteOf({ result: 'passed' })!.passed).toBe(true);
    expect(suiteOf({ status: 'whatever' })!.passed).toBe(false);
  });

  it('reads runs: their version, state class, error and time', () => {
    const [ok, bad] = runsOf({
      items: [
        { status: 'succeeded', version: 2, created_at: '2026-01-01T00:00:00Z' },
        { state: 'FAILED', version: 2, error: 'step boom failed', created_at: 1767225600 },
      ],
    });
    expect(ok).toMatchObject({ state: 'settled', version: 2, createdAt: Date.parse('2026-01-01T00:00:00Z') });
    expect(bad).toMatchObject({ state: 'failed', error: 'step boom failed', createdAt: 1767225600_000 });
  });
});
