/**
 * The one reader of workflow records (contract/shapes/), against records as two sandbox dialects
 * send them (seed:8119: `title`, a `spec` draft, a runner list with roles and `percent`,
 * versions numbered `version_number`; style:google: `displayName`, `draftSpec`, a `deployment`
 * record, `versions` by `version`), and in a nested style (JSON:API `attributes`). The agent's
 * rollouts and the window's shapes read the same facts from the same record.
 */
import { describe, expect, it } from 'vitest';
import { readDeployment } from '../../../../src-main/contract/shapes/workflow-deployment';
import { canonSpec, publishedVersionOf, readDraft } from '../../../../src-main/contract/shapes/workflow-draft';
import { workflowRecordView } from '../../../../src-main/contract/shapes/workflow-spec-words';
import { draftOf, runnersOf, versionNumberOf } from '../../../../src-main/agent/rollouts/workflow-facts';
import { toWorkflowSummary, draftSpecOf } from '../../../../src-renderer/features/workflows/shapes/workflow';
import { zoneKindReader } from '../../../../src-main/contract/dictionary/kind-reader';

const V2 = {
  nodes: [
    { id: 'in', type: 'input' },
    { id: 'out', type: 'output' },
  ],
  edges: [{ from: 'in', to: 'out' }],
};

/** seed:8119's workflow, read back from the sandbox mid-rollout (ids shortened). */
const SEED = {
  id: '1124bd59',
  title: 'triage',
  spec: V2,
  latest_version: 2,
  eval_gate: { require_eval_pass: false },
  runners: [
    { role: 'primary', runner_id: '9469', version: 1, status: 'running', deployed_at: 1796197011118 },
    { role: 'canary', runner_id: '0c42', version: 2, percent: 20, status: 'running', deployed_at: 1796197011193 },
  ],
};
const SEED_VERSION = { version_number: 2, spec: V2, created_at: 1796197011156 };

/** style:google's workflow and version. */
const GOOGLE = {
  name: 'zones/c/workflows/1614',
  uid: '1614',
  displayName: 'triage',
  draftSpec: JSON.parse(JSON.stringify(V2)) as unknown,
  latestVersion: 2,
  deployment: {
    primary: { runnerId: 'f653', version: 1, status: 'running' },
    canary: { runnerId: '65e1', version: 2, weight: 20, status: 'running' },
  },
};
const GOOGLE_VERSION = { name: 'zones/c/versions/2', version: 2, spec: V2, createTime: '2026-12-02T07:36:51.175Z' };

/** A style that keeps the fields in `attributes`, the draft as JSON text, the deployment flat. */
const NESTED = {
  id: 'w1',
  type: 'workflows',
  attributes: { name: 'triage', definition: JSON.stringify(V2), deployed_version: 'v3', canary_version: null },
};

describe('the one reader of workflow records', () => {
  it('finds the draft in each dialect’s words, and says where it is kept', () => {
    expect(readDraft(SEED)).toEqual({ found: true, spec: V2, name: 'spec', asText: false });
    expect(readDraft(GOOGLE)).toEqual({ found: true, spec: V2, name: 'draftSpec', asText: false });
    expect(readDraft(NESTED)).toEqual({ found: true, spec: V2, name: 'definition', asText: true, box: 'attributes' });
    expect(readDraft({ spec: { replicas: 2 } })).toEqual({ found: false });
    // The same spec whatever order the zone keeps its keys in.
    expect(canonSpec({ edges: V2.edges, nodes: V2.nodes })).toBe(canonSpec(GOOGLE.draftSpec));
  });

  it('reads the primary and the canary: a runner list with roles, a deployment record, flat fields', () => {
    expect(readDeployment(workflowRecordView(SEED))).toMatchObject({
      state: 'deployed',
      primary: { version: 1 },
      canary: { version: 2, weight: 20 },
      canaryKnown: true,
    });
    expect(readDeployment(workflowRecordView(GOOGLE))).toMatchObject({
      state: 'deployed',
      primary: { version: 1 },
      canary: { version: 2, weight: 20 },
    });
    const nested = readDeployment(workflowRecordView(NESTED));
    expect(nested).toMatchObject({ state: 'deployed', primary: { version: 3 }, canaryKnown: true });
    expect(nested.canary).toBeUndefined();
    expect(readDeployment(workflowRecordView({ name: 'x' })).state).toBe('unknown');
  });

  it('reads a version record’s number in each dialect’s words', () => {
    expect(publishedVersionOf(SEED_VERSION)).toBe(2);
    expect(publishedVersionOf(GOOGLE_VERSION)).toBe(2);
    expect(publishedVersionOf({ published: { version: 'v7' } })).toBe(7);
    expect(readDraft(GOOGLE_VERSION)).toMatchObject({ found: true, spec: V2 });
  });

  it('gives the agent’s rollouts and the window the same facts from the same record', () => {
    for (const rec of [SEED, GOOGLE, NESTED]) {
      const summary = toWorkflowSummary(rec, 0, zoneKindReader(undefined, [rec], 'workflow'));
      const runners = runnersOf(rec);
      expect(runners.primary).toBe(summary.primary?.version);
      expect(runners.canary).toBe(summary.canary?.version);
      expect(runners.shown).toBe(summary.deployment.state !== 'unknown');
      expect(draftOf(rec)?.spec).toEqual(draftSpecOf(rec));
    }
    expect(versionNumberOf(SEED_VERSION)).toBe(publishedVersionOf(SEED_VERSION));
  });
});
