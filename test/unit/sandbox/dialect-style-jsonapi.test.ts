/**
 * `style:jsonapi` both ways at the edge: standard records as resource objects (references as
 * relationships), lists with `links.next`, writes in `{data: {attributes}}` back to standard bodies,
 * a flat body refused with JSON:API errors pointing at `/data/attributes/<field>`, a query
 * parameter named as `source.parameter`, all in `application/vnd.api+json`.
 */
import { describe, expect, it } from 'vitest';
import type { Handler, SandboxRequest } from '../../../src-main/sandbox/core/types';
import { HttpError } from '../../../src-main/sandbox/core/types';
import { DIALECT_HELP, isDialect } from '../../../src-main/sandbox/dialect/choose';
import { CONTAINER, RUN, WORKFLOW, type Rec } from './dialect-fakes';
import { bodyOf, styleCall } from './style-call';

const call = (routeId: string, handler: Handler, init: Partial<SandboxRequest> = {}) =>
  styleCall('style:jsonapi', routeId, handler, init);

describe('style:jsonapi replies', () => {
  it('say a container list as resource objects with camelCase attributes and a next link', async () => {
    const r = await call('containers.list', () => ({ status: 200, json: { items: [CONTAINER], next_before: 'c9' } }), {
      path: '/api/v1/containers',
      query: new URLSearchParams('limit=1'),
    });
    expect(r.contentType).toBe('application/vnd.api+json');
    const doc = bodyOf(r);
    expect(doc.links).toEqual({ self: '/api/v1/containers?limit=1', next: '/api/v1/containers?limit=1&before=c9' });
    expect((doc.data as Rec[])[0]).toEqual({
      type: 'containers',
      id: 'c-1',
      attributes: {
        name: 'web-1',
        kind: 'container',
        status: 'running',
        desiredStatus: 'running',
        createdAt: CONTAINER.created_at,
      },
    });
  });

  it('say a run’s workflow as a relationship and keep the draft graph whole', async () => {
    const run = bodyOf(await call('workflowRuns.get', () => ({ status: 200, json: RUN }))).data as Rec;
    expect(run.relationships).toEqual({ workflow: { data: { type: 'workflows', id: 'w-1' } } });
    expect(run.attributes).not.toHaveProperty('workflowId');
    const wf = bodyOf(await call('workflows.get', () => ({ status: 200, json: WORKFLOW }))).data as Rec;
    expect((wf.attributes as Rec).draftSpec).toEqual(WORKFLOW.draft_spec);
  });

  it('say a reply that is no record as a meta-only document', async () => {
    const r = await call('containers.configVars.get', () => ({ status: 200, json: { config_vars: { A_B: '1' } } }));
    expect(bodyOf(r)).toEqual({ meta: { configVars: { A_B: '1' } } });
  });
});

describe('style:jsonapi requests', () => {
  let seen: SandboxRequest | undefined;
  const echo: Handler = (req) => {
    seen = req;
    return { status: 201, json: { id: 'n', name: 'x' } };
  };

  it('read {data: {type, attributes, relationships}} as the standard body', async () => {
    await call('workflows.run', echo, {
      method: 'POST',
      body: {
        data: {
          type: 'workflowRuns',
          attributes: { input: { someKey: 1 } },
          relationships: { workflow: { data: { type: 'workflows', id: 'w-1' } } },
        },
      },
    });
    expect(seen!.body).toEqual({ input: { someKey: 1 }, workflow_id: 'w-1' });
    await call('containers.create', echo, {
      method: 'POST',
      body: { data: { type: 'containers', attributes: { name: 'api', memoryMib: 256 } } },
    });
    expect(seen!.body).toEqual({ name: 'api', memory_mib: 256 });
  });

  it('refuse a flat body with one JSON:API error per field, each pointing at its attribute', async () => {
    seen = undefined;
    const r = await call('skills.create', echo, { method: 'POST', body: { name: 'x', display_name: 'd' } });
    expect(r.status).toBe(422);
    expect(r.contentType).toBe('application/vnd.api+json');
    expect(bodyOf(r).errors).toEqual([
      expect.objectContaining({ status: '422', source: { pointer: '/data/attributes/name' } }),
      expect.objectContaining({ status: '422', source: { pointer: '/data/attributes/displayName' } }),
    ]);
    expect(seen).toBeUndefined();
  });

  it('take an empty document as an empty body, and refuse one without data naming /data', async () => {
    await call('containers.start', echo, { method: 'POST', body: {} });
    expect(seen!.body).toEqual({});
    const r = await call('containers.start', echo, { method: 'POST', body: { meta: {} } });
    expect(r.status).toBe(422);
    expect((bodyOf(r).errors as Rec[])[0]!.source).toEqual({ pointer: '/data' });
  });

  it('say a handler’s body refusal by pointer, a query parameter’s by name', async () => {
    const field =
      (name: string): Handler =>
      () => {
        throw new HttpError(400, 'invalid_request', `${name} is out of range`, { field: name });
      };
    const body = { data: { attributes: {} } };
    const b = await call('containers.create', field('memory_mib'), { method: 'POST', body });
    expect(bodyOf(b).errors).toEqual([
      {
        status: '400',
        code: 'invalid_request',
        title: 'Bad Request',
        detail: '/data/attributes/memoryMib is out of range',
        source: { pointer: '/data/attributes/memoryMib' },
      },
    ]);
    const q = await call('workflows.runs', field('limit'), { query: new URLSearchParams('limit=0') });
    expect((bodyOf(q).errors as Rec[])[0]!.source).toEqual({ parameter: 'limit' });
    // A read that sent the parameter under another name: the one it wants is still a parameter, by name.
    const read = await call('skills.files.content', field('path'), { query: new URLSearchParams('id=SKILL.md') });
    expect(bodyOf(read).errors).toEqual([expect.objectContaining({ source: { parameter: 'path' } })]);
    expect(JSON.stringify(bodyOf(read))).not.toContain('/data/attributes');
  });
});

describe('style:jsonapi by name', () => {
  it('is a dialect the CLI, the control API and ZONEDECK_SANDBOX_DIALECT take', () => {
    expect(isDialect('style:jsonapi')).toBe(true);
    expect(DIALECT_HELP).toContain('style:jsonapi');
  });
});
