/**
 * `style:k8s` both ways at the edge: standard records as Kubernetes objects and lists, writes in
 * `{metadata, spec}` back to standard bodies, a flat body refused with a `Status` naming
 * `metadata.name`, and a handler's error as a `Status` whose cause names the style's path.
 */
import { describe, expect, it } from 'vitest';
import type { Handler, SandboxRequest, SandboxResponse } from '../../../src-main/sandbox/core/types';
import { HttpError } from '../../../src-main/sandbox/core/types';
import { withDialect } from '../../../src-main/sandbox/dialect/shape';
import { CONTAINER, request, WORKFLOW, type Rec } from './dialect-fakes';

async function call(routeId: string, handler: Handler, init: Partial<SandboxRequest> = {}) {
  const req = request(routeId, init);
  req.zone = { ...req.zone, dialect: 'style:k8s' };
  const out = await withDialect(new Map([[routeId, handler]])).get(routeId)!(req);
  return out as Extract<SandboxResponse, { status: number }> & { json?: unknown };
}

describe('style:k8s replies', () => {
  it('say a container list as a ContainerList of objects with metadata, spec and status', async () => {
    const r = await call('containers.list', () => ({ status: 200, json: { items: [CONTAINER], next_before: 'c9' } }));
    const list = r.json as Rec;
    expect(list).toMatchObject({ kind: 'ContainerList', metadata: { continue: 'c9' } });
    expect((list.items as Rec[])[0]).toEqual({
      apiVersion: 'zonedeck.sandbox/v1',
      kind: 'Container',
      metadata: { name: 'web-1', uid: 'c-1', creationTimestamp: '2026-01-02T03:04:05Z' },
      spec: { kind: 'container', desiredPhase: 'Running' },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: 'True', reason: 'Running', lastTransitionTime: CONTAINER.created_at }],
      },
    });
  });

  it('keep the draft graph whole under spec.draftSpec, and a workspace’s spec-fixed status', async () => {
    const wf = (await call('workflows.get', () => ({ status: 200, json: WORKFLOW }))).json as Rec;
    expect((wf.spec as Rec).draftSpec).toEqual(WORKFLOW.draft_spec);
    const ws = (
      await call('workspaces.get', () => ({
        status: 200,
        json: { id: 'w', name: 's', status: 'ci_error', last_error: 'boom' },
      }))
    ).json;
    expect(ws).toMatchObject({ kind: 'Workspace', status: 'ci_error', last_error: 'boom' });
  });
});

describe('style:k8s requests', () => {
  let seen: SandboxRequest | undefined;
  const echo: Handler = (req) => {
    seen = req;
    return { status: 201, json: { id: 'n', name: 'x' } };
  };

  it('read {metadata: {name}, spec} as the standard body', async () => {
    await call('containers.create', echo, {
      method: 'POST',
      body: {
        apiVersion: 'v1',
        kind: 'Container',
        metadata: { name: 'api' },
        spec: { memoryMib: 256, restartPolicy: 'never' },
      },
    });
    expect(seen!.body).toEqual({ name: 'api', memory_mib: 256, restart_policy: 'never' });
  });

  it('refuse a flat body with a Status naming metadata.name and spec paths', async () => {
    const r = await call('skills.create', echo, { method: 'POST', body: { name: 'x', description: 'd' } });
    expect(r.status).toBe(422);
    expect(r.json).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Invalid',
      code: 422,
      details: { causes: [{ field: 'metadata.name', reason: 'FieldValueRequired' }, { field: 'spec.description' }] },
    });
  });

  it('say a handler’s refusal as a Status whose cause is the style’s path', async () => {
    const fail: Handler = () => {
      throw new HttpError(400, 'invalid_request', 'memory_mib must be an integer from 64 to 262144', {
        field: 'memory_mib',
      });
    };
    const r = await call('containers.create', fail, { method: 'POST', body: { metadata: { name: 'a' }, spec: {} } });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      reason: 'BadRequest',
      message: 'spec.memoryMib must be an integer from 64 to 262144',
      details: { causes: [{ field: 'spec.memoryMib' }] },
    });
  });
});
