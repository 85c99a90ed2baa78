/**
 * `style:aws` both ways at the edge: standard records in PascalCase with `<Kind>Id`, `State: {Name,
 * Code}` and `LaunchTime`/`CreationTime`, a container's name only in `Tags`, lists as
 * `{<Kinds>: [...], NextToken}`, PascalCase writes back to standard bodies, a lowercase body refused
 * 400 `ValidationException` with the `x-amzn-ErrorType` header, and a handler's error said the same way.
 */
import { describe, expect, it } from 'vitest';
import type { Handler, SandboxRequest } from '../../../src-main/sandbox/core/types';
import { HttpError } from '../../../src-main/sandbox/core/types';
import { DIALECT_HELP, isDialect } from '../../../src-main/sandbox/dialect/choose';
import { stateOf } from '../../../src-main/sandbox/dialect/style-aws';
import { CONTAINER, T, WORKFLOW, type Rec } from './dialect-fakes';
import { bodyOf, styleCall } from './style-call';

const call = (routeId: string, handler: Handler, init: Partial<SandboxRequest> = {}) =>
  styleCall('style:aws', routeId, handler, init);

describe('style:aws replies', () => {
  it('say a container list as {Containers, NextToken}, the name only as a Name tag', async () => {
    const r = await call('containers.list', () => ({ status: 200, json: { items: [CONTAINER], next_before: 'c9' } }));
    expect(bodyOf(r)).toEqual({
      Containers: [
        {
          ContainerId: 'c-1',
          Tags: [{ Key: 'Name', Value: 'web-1' }],
          Kind: 'container',
          State: { Name: 'running', Code: 16 },
          DesiredState: { Name: 'running', Code: 16 },
          LaunchTime: T,
        },
      ],
      NextToken: 'c9',
    });
  });

  it('say other kinds’ names as Name and creation as CreationTime, the draft graph whole', async () => {
    const wf = bodyOf(await call('workflows.get', () => ({ status: 200, json: { ...WORKFLOW, created_at: T } })));
    expect(wf).toMatchObject({ WorkflowId: 'w-1', Name: 'triage', CreationTime: T, DraftSpec: WORKFLOW.draft_spec });
    expect((wf.Deployment as Rec).Primary).toMatchObject({ RunnerId: 'p', Status: 'running' });
  });

  it('name each list by its kind in the plural', async () => {
    const empty = { status: 200, json: { items: [] } };
    expect(bodyOf(await call('repos.list', () => empty))).toEqual({ Repositories: [] });
    expect(bodyOf(await call('vpnGateways.list', () => empty))).toEqual({ VPNGateways: [] });
    expect(bodyOf(await call('microvms.list', () => empty))).toEqual({ MicroVMs: [] });
  });

  it('give EC2’s codes to EC2’s words and a stable opaque code above 255 to others', () => {
    expect(stateOf('stopped')).toEqual({ Name: 'stopped', Code: 80 });
    const w = stateOf('waiting_approval') as { Name: string; Code: number };
    expect(w.Name).toBe('waiting-approval');
    expect(w.Code).toBeGreaterThan(255);
    expect(stateOf('waiting_approval')).toEqual(w);
  });
});

describe('style:aws requests', () => {
  let seen: SandboxRequest | undefined;
  const echo: Handler = (req) => {
    seen = req;
    return { status: 201, json: { id: 'n', name: 'x' } };
  };

  it('read PascalCase members (a container’s name from its Name tag) as the standard body', async () => {
    await call('containers.create', echo, {
      method: 'POST',
      body: {
        Tags: [
          { Key: 'team', Value: 'a' },
          { Key: 'Name', Value: 'api' },
        ],
        MemoryMib: 256,
        State: {},
      },
    });
    expect(seen!.body).toEqual({ name: 'api', memory_mib: 256 });
    await call('containers.attachments.attachDatabase', echo, {
      method: 'POST',
      body: { DatabaseId: 'd-1', ConfigVar: 'X' },
    });
    expect(seen!.body).toEqual({ database_id: 'd-1', config_var: 'X' });
  });

  it('refuse a lowercase body with a ValidationException naming the members, Tags for a container', async () => {
    seen = undefined;
    const r = await call('containers.create', echo, { method: 'POST', body: { name: 'x', memory_mib: 1 } });
    expect(r.status).toBe(400);
    expect(r.headers).toEqual({ 'x-amzn-ErrorType': 'ValidationException' });
    expect(bodyOf(r)).toEqual({
      __type: 'ValidationException',
      message:
        "2 validation errors detected: Value null at 'Tags' failed to satisfy constraint: Member must not be null; " +
        "Value null at 'MemoryMib' failed to satisfy constraint: Member must not be null",
    });
    expect(seen).toBeUndefined();
    const s = bodyOf(await call('skills.create', echo, { method: 'POST', body: { name: 'x' } }));
    expect(s.message).toContain("at 'Name'");
  });

  it('say a handler’s field errors and a missing record the AWS way', async () => {
    const fail: Handler = () => {
      throw new HttpError(400, 'validation_failed', 'Invalid name.', { fields: { name: 'Name is required.' } });
    };
    const r = bodyOf(await call('containers.create', fail, { method: 'POST', body: {} }));
    expect(r.message).toBe(
      "1 validation error detected: Value at 'Tags' failed to satisfy constraint: Name is required.",
    );
    const gone: Handler = () => {
      throw new HttpError(404, 'not_found', 'No such workflow.');
    };
    const g = await call('workflows.get', gone);
    expect(g.status).toBe(404);
    expect(bodyOf(g)).toEqual({ __type: 'ResourceNotFoundException', message: 'No such workflow.' });
  });

  it('is a dialect by name', () => {
    expect(isDialect('style:aws')).toBe(true);
    expect(DIALECT_HELP).toContain('style:aws');
  });
});
