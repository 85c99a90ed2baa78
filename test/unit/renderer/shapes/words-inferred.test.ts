/**
 * Writing a record's name where the zone's records hold it when none of the name's words is
 * theirs: the field their values say is the name (a zone in words nobody here wrote). A field
 * found so is not firm (a refusal may still teach another), and a query is never inferred into.
 */
import { describe, expect, it } from 'vitest';
import { field, worded } from '../../../../src-renderer/shapes/words';
import { createBody, draftBody, readDraft } from '../../../../src-renderer/features/workflows/shapes/workflow';

const NAME = field('workflow.name', 'name', 'display_name', 'title');
const DESCRIPTION = field('workflow.description', 'description', 'summary');

const others = [
  { k3x9: 'b6e0c8a2-1f4d-4c1e-9a77-000000000001', p6co6yv: 'triage', q2w: 'Sorts the inbox.', z9z: 'active' },
  { k3x9: 'b6e0c8a2-1f4d-4c1e-9a77-000000000002', p6co6yv: 'release-notes', q2w: 'Writes notes.', z9z: 'active' },
  { k3x9: 'b6e0c8a2-1f4d-4c1e-9a77-000000000003', p6co6yv: 'support-bot', q2w: 'Answers.', z9z: 'paused' },
];

describe('a name written where the records hold theirs, by value', () => {
  it('writes the name under the field whose values are the records’ names', () => {
    const { values, words } = worded(
      [
        [NAME, 'journey-flow'],
        [DESCRIPTION, 'd'],
      ],
      others,
    );
    expect(values).toEqual({ p6co6yv: 'journey-flow', description: 'd' });
    expect(words.p6co6yv).toEqual({ role: 'workflow.name', alts: ['name', 'display_name', 'title'] });
  });

  it('keeps the zone’s own word for a name where it has one, and infers nothing for a query', () => {
    expect(worded([[NAME, 'x']], [{ id: '1', title: 'a' }]).values).toEqual({ title: 'x' });
    expect(worded([[NAME, 'x']], others, 'query').values).toEqual({ name: 'x' });
  });
});

describe('an update of the one record that already holds the name', () => {
  const CASE_NAME = field('evalCase.name', 'name', 'display_name', 'title', 'label');
  it('writes the name under the field holding that very value, not the one a lone record suggests', () => {
    // One record: `contains` (its kind) reads as a name as well as `says hi` does.
    const kept = { beiwd329r: '8611f62a-992b-4b51-b2c0-0fd809b8e9e7', fleb9ebkf: 'contains', p6co6yv: 'says hi' };
    expect(worded([[CASE_NAME, 'says hi']], kept).values).toEqual({ p6co6yv: 'says hi' });
  });
});

describe('a name written where the records hold theirs: a tag', () => {
  const CONTAINER_NAME = field('container.name', 'name', 'display_name');
  const ec2 = ['web-1', 'db-1', 'worker-1'].map((n, i) => ({
    ContainerId: `b6e0c8a2-1f4d-4c1e-9a77-00000000000${i}`,
    Tags: [
      { Key: 'Env', Value: 'prod' },
      { Key: 'Name', Value: n },
    ],
  }));

  it('writes the name as the records hold theirs, a Name tag, beside no other tag', () => {
    expect(worded([[CONTAINER_NAME, 'web-2']], ec2).values).toEqual({ Tags: [{ Key: 'Name', Value: 'web-2' }] });
  });

  it('replaces the Name tag of the record being updated, keeping its other tags', () => {
    expect(worded([[CONTAINER_NAME, 'web-9']], ec2[0]).values).toEqual({
      Tags: [
        { Key: 'Env', Value: 'prod' },
        { Key: 'Name', Value: 'web-9' },
      ],
    });
  });
});

describe('a draft kept inside the record that holds its fields', () => {
  const k8s = {
    kind: 'Workflow',
    metadata: { name: 'triage', uid: 'u1' },
    spec: { description: 'x', draftSpec: { nodes: [{ id: 'in' }], edges: [] }, latestVersion: 1 },
  };
  it('reads spec.draftSpec, not the whole spec, and writes the draft and a create there', () => {
    expect(readDraft(k8s)).toMatchObject({
      found: true,
      name: 'draftSpec',
      box: 'spec',
      spec: { nodes: [{ id: 'in' }] },
    });
    expect(draftBody({ nodes: [] }, k8s).values).toEqual({ spec: { draftSpec: { nodes: [] } } });
    expect(createBody('b', 'd', { nodes: [] }, [k8s]).values).toEqual({
      metadata: { name: 'b' },
      spec: { description: 'd', draftSpec: { nodes: [] } },
    });
  });
});

describe('a JSON:API draft', () => {
  it('writes the draft as a resource object inside data', () => {
    const rec = { type: 'workflows', id: 'w1', attributes: { name: 'a', description: 'x', draftSpec: { nodes: [] } } };
    expect(draftBody({ nodes: [1] }, rec).values).toEqual({
      data: { type: 'workflows', attributes: { draftSpec: { nodes: [1] } } },
    });
  });
});
