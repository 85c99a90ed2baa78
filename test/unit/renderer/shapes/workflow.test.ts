/**
 * Shape matrix for workflow records: the draft spec under every name and by structure (an object
 * with a node list, or JSON text of one), its write in the zone's words, create bodies, the
 * canonical compare, a publish reply's version, and the summary's other fields.
 */
import { describe, expect, it } from 'vitest';
import {
  canonSpec,
  createBody,
  draftBody,
  publishedVersionOf,
  readDraft,
  toWorkflowSummary,
} from '../../../../src-renderer/features/workflows/shapes/workflow';
import { oneRow } from '../../../support/readers';

const summaryOf = oneRow(toWorkflowSummary, 'workflow');

const spec = { nodes: [{ id: 'in', type: 'input' }], edges: [] };

describe('draft spec, read', () => {
  it.each(['draft_spec', 'spec', 'definition', 'draft', 'draftSpec', 'workflow_spec'])('under %s', (name) => {
    expect(readDraft({ id: 'w', [name]: spec })).toEqual({ found: true, spec, name, asText: false });
    expect(readDraft({ id: 'w', [name]: JSON.stringify(spec) })).toEqual({ found: true, spec, name, asText: true });
  });

  it('by structure under a name nobody listed: an object with nodes (or steps), or JSON text of one', () => {
    expect(readDraft({ id: 'w', blueprint: spec })).toEqual({ found: true, spec, name: 'blueprint', asText: false });
    const steps = { steps: { a: {} } };
    expect(readDraft({ id: 'w', pipeline: JSON.stringify(steps) })).toEqual({
      found: true,
      spec: steps,
      name: 'pipeline',
      asText: true,
    });
  });

  it('a null draft is present and empty; a record without one is not found', () => {
    expect(readDraft({ draft_spec: null })).toEqual({
      found: true,
      spec: undefined,
      name: 'draft_spec',
      asText: false,
    });
    expect(readDraft({ id: 'w', name: 'x', note: '{"a":1}' })).toEqual({ found: false });
    expect(readDraft('nope')).toEqual({ found: false });
  });

  it('keeps text that is not JSON as the zone wrote it', () => {
    expect(readDraft({ spec: 'nodes: []' })).toEqual({ found: true, spec: 'nodes: []', name: 'spec', asText: true });
  });
});

describe('draft spec, written', () => {
  it("under the record's own name, firm, and as text when the zone keeps text", () => {
    expect(draftBody(spec, { id: 'w', definition: {} })).toEqual({
      values: { definition: spec },
      words: { definition: { role: 'workflow.draft', alts: expect.any(Array) as unknown, firm: true } },
    });
    expect(draftBody(spec, { id: 'w', spec: '{}' }).values).toEqual({ spec: JSON.stringify(spec) });
    expect(draftBody(spec, { id: 'w', blueprint: spec }).values).toEqual({ blueprint: spec });
  });

  it("else under the zone's other workflows' name, not firm; else the default", () => {
    const w = draftBody(spec, { id: 'w' }, [{ id: 'o', draft: spec }]);
    expect(w.values).toEqual({ draft: spec });
    expect(w.words.draft!.firm).toBeUndefined();
    expect(draftBody(spec, undefined, []).values).toEqual({ draft_spec: spec });
  });

  it("a create writes name, description and the starter draft in the other workflows' words", () => {
    const others = [{ id: 'o', title: 't', summary: 's', definition: JSON.stringify(spec) }];
    expect(createBody('n', 'd', spec, others).values).toEqual({
      title: 'n',
      summary: 'd',
      definition: JSON.stringify(spec),
    });
    expect(createBody('n', '', spec, []).values).toEqual({ name: 'n', draft_spec: spec });
  });

  it('compares specs whatever the key order', () => {
    expect(canonSpec({ b: 1, a: [{ y: 1, x: 2 }] })).toBe(canonSpec({ a: [{ x: 2, y: 1 }], b: 1 }));
    expect(canonSpec(spec)).not.toBe(canonSpec({ nodes: [] }));
  });
});

describe('publish reply', () => {
  it.each([
    [{ version: 2, spec: {} }, 2],
    [{ version_number: 3 }, 3],
    [{ version: { number: 4 } }, 4],
    [{ published: { version: 5 } }, 5],
    [{ data: { version: 'v6' } }, 6],
    [7, 7],
    [{ ok: true }, undefined],
    // A version record in words nobody here wrote: its one small whole number, never a time.
    [{ va7cny: 2, x9gtf69wb: { nodes: [] }, lsq95ys: 1796177275600 }, 2],
    [{ a1: 2, b2: 3 }, undefined],
    [{ kind: 'WorkflowVersion', metadata: { name: 'v2' }, spec: { version: 2, spec: { nodes: [] } } }, 2],
  ])('%j → %s', (reply, n) => {
    expect(publishedVersionOf(reply)).toBe(n);
  });
});

describe('workflow summary', () => {
  it.each([
    [{ id: 'w', name: 'n', description: 'd', latest_version: 3, updated_at: '2026-01-01T00:00:00Z' }],
    [{ uuid: 'w', display_name: 'n', summary: 'd', versions: [{ version: 1 }, { version: 3 }], updatedAt: 1767225600 }],
    [{ workflow_id: 'w', title: 'n', description: 'd', current_version: '3', modified_at: '1767225600' }],
    // style:aws: the latest version in PascalCase.
    [{ id: 'w', name: 'n', description: 'd', LatestVersion: 3, updated_at: '2026-01-01T00:00:00Z' }],
  ])('reads %j', (raw) => {
    const s = summaryOf(raw, 0);
    expect(s).toMatchObject({ id: 'w', name: 'n', description: 'd', latestVersion: 3 });
    expect(s.updatedAt?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('reads the eval gate at the top or under eval_gate', () => {
    expect(summaryOf({ require_eval_pass: true }, 0).requireEvalPass).toBe(true);
    expect(summaryOf({ eval_gate: { requireEvalPass: false } }, 0).requireEvalPass).toBe(false);
    expect(summaryOf({}, 0).requireEvalPass).toBeUndefined();
  });
});
