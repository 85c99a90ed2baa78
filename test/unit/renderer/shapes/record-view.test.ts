/**
 * A record whose fields a style nests (a Kubernetes `spec`/`metadata`, JSON:API `attributes` in
 * its document envelope) is read through one flat view and written back in that structure; a
 * parent record lends its structure to a first record of another kind, never its JSON:API type.
 */
import { describe, expect, it } from 'vitest';
import { recordView } from '../../../../src-renderer/shapes/record-view';
import { recordView as workflowView } from '../../../../src-renderer/features/workflows/shapes/record-view';
import { recordOf } from '../../../../src-renderer/lib/tolerant';
import { field, shapedAs, shapedLike, worded } from '../../../../src-renderer/shapes/words';

const k8s = {
  apiVersion: 'v1',
  kind: 'Workflow',
  metadata: { name: 'triage', uid: 'u1' },
  spec: { description: 'd', latestVersion: 2, kind: 'contains' },
  status: { updatedAt: '2026-01-01T00:00:00Z' },
};
const jsonapi = { type: 'workflows', id: 'w1', attributes: { name: 'triage', latestVersion: 2, draftSpec: {} } };

describe('one view of a record', () => {
  it('lifts the nested record over the top, metadata and status beside it', () => {
    expect(recordView(k8s)).toMatchObject({ name: 'triage', uid: 'u1', latestVersion: 2, kind: 'contains' });
    expect(recordView(jsonapi)).toMatchObject({ id: 'w1', name: 'triage', latestVersion: 2 });
    expect(recordView({ id: 'a', status: 'ready' })).toEqual({ id: 'a', status: 'ready' });
  });

  it('leaves a workflow spec as a value, not the record’s fields', () => {
    const version = { version: 1, spec: { nodes: [{ id: 'in' }], edges: [] } };
    expect(workflowView(version)).toBe(version);
    const run = { metadata: { uid: 'r' }, spec: { steps: [{ id: 'in' }], version: 1 } };
    expect(workflowView(run)).toMatchObject({ uid: 'r', version: 1 });
  });

  it('takes the one record of a JSON:API document, or its meta when it carries no resource', () => {
    expect(recordOf({ data: jsonapi, jsonapi: { version: '1.1' } })).toBe(jsonapi);
    expect(recordOf({ meta: { exitCode: 0 } })).toEqual({ exitCode: 0 });
    expect(recordOf({ id: 'x', data: { a: 1 } })).toEqual({ id: 'x', data: { a: 1 } });
  });
});

describe('written in the structure of the zone’s records', () => {
  const version = field('deploy.version', 'version');
  it('shapes an action’s body as the record it acts on', () => {
    const body = worded([[version, 1]]);
    expect(shapedAs(body, k8s).values).toEqual({ spec: { version: 1 } });
    expect(shapedAs(body, jsonapi).values).toEqual({ data: { type: 'workflows', attributes: { version: 1 } } });
    expect(shapedAs(body, { id: 'w', name: 'n' })).toEqual(body);
  });

  it('never writes a field at a nesting style’s top (its `kind` is the style’s)', () => {
    const kind = field('evalCase.kind', 'kind', 'type');
    expect(worded([[kind, 'contains']], [k8s]).values).toEqual({ spec: { kind: 'contains' } });
  });

  it('lends a parent’s structure to a first record of another kind, without its JSON:API type', () => {
    const input = field('run.input', 'input');
    const body = worded([[input, 'hi']], []);
    expect(shapedLike(body, [], jsonapi).values).toEqual({ data: { attributes: { input: 'hi' } } });
    expect(shapedLike(body, [{ id: 'r', input: 'x' }], jsonapi)).toBe(body);
  });
});
