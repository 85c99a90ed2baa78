/**
 * `style:google` both ways at the edge: standard records as AIP resources (`name` the resource
 * name, `uid`, `displayName`, an UPPER_SNAKE `state`, `createTime`), lists under the collection
 * with `nextPageToken`, camelCase writes back to standard bodies, a snake_case body refused with a
 * `google.rpc.BadRequest` naming `displayName`, and a handler's error as a `google.rpc.Status`.
 */
import { describe, expect, it } from 'vitest';
import type { Handler, SandboxRequest } from '../../../src-main/sandbox/core/types';
import { HttpError } from '../../../src-main/sandbox/core/types';
import { DIALECT_HELP, isDialect } from '../../../src-main/sandbox/dialect/choose';
import { CONTAINER, T, WORKFLOW, type Rec } from './dialect-fakes';
import { bodyOf, styleCall } from './style-call';

const call = (routeId: string, handler: Handler, init: Partial<SandboxRequest> = {}) =>
  styleCall('style:google', routeId, handler, init);
const BAD_REQUEST = 'type.googleapis.com/google.rpc.BadRequest';

describe('style:google replies', () => {
  it('say a container list under "containers" with nextPageToken, each an AIP resource', async () => {
    const r = await call('containers.list', () => ({ status: 200, json: { items: [CONTAINER], next_before: 'c9' } }));
    const list = bodyOf(r);
    expect(list.nextPageToken).toBe('c9');
    expect((list.containers as Rec[])[0]).toEqual({
      name: 'zones/eu-1/containers/c-1',
      uid: 'c-1',
      displayName: 'web-1',
      kind: 'container',
      state: 'RUNNING',
      desiredState: 'RUNNING',
      createTime: T,
    });
  });

  it('omit nextPageToken on the last page, keep the draft graph whole and a workspace’s status words', async () => {
    const last = bodyOf(await call('skills.list', () => ({ status: 200, json: { items: [], next_before: null } })));
    expect(last).toEqual({ skills: [] });
    const wf = bodyOf(await call('workflows.get', () => ({ status: 200, json: WORKFLOW })));
    expect(wf.draftSpec).toEqual(WORKFLOW.draft_spec);
    const ws = bodyOf(
      await call('workspaces.get', () => ({
        status: 200,
        json: { id: 'w', name: 's', status: 'ci_error', last_error: 'boom', updated_at: T },
      })),
    );
    expect(ws).toEqual({
      name: 'zones/eu-1/workspaces/w',
      uid: 'w',
      displayName: 's',
      status: 'ci_error',
      last_error: 'boom',
      updateTime: T,
    });
  });
});

describe('style:google requests', () => {
  let seen: SandboxRequest | undefined;
  const echo: Handler = (req) => {
    seen = req;
    return { status: 201, json: { id: 'n', name: 'x' } };
  };

  it('read a camelCase resource with displayName as the standard body, output-only fields ignored', async () => {
    await call('containers.create', echo, {
      method: 'POST',
      body: { displayName: 'api', memoryMib: 256, restartPolicy: 'never', state: 'RUNNING', uid: 'x' },
    });
    expect(seen!.body).toEqual({ name: 'api', memory_mib: 256, restart_policy: 'never' });
  });

  it('refuse a standard body with INVALID_ARGUMENT and a BadRequest naming the AIP fields', async () => {
    seen = undefined;
    const r = await call('containers.create', echo, { method: 'POST', body: { name: 'x', memory_mib: 256 } });
    expect(r.status).toBe(400);
    expect(bodyOf(r)).toMatchObject({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': BAD_REQUEST, fieldViolations: [{ field: 'displayName' }, { field: 'memoryMib' }] }],
      },
    });
    expect(seen).toBeUndefined();
  });

  it('say a handler’s refusal as a google.rpc.Status whose violation is the camelCase field', async () => {
    const fail: Handler = () => {
      throw new HttpError(400, 'invalid_request', 'memory_mib must be an integer from 64 to 262144', {
        field: 'memory_mib',
      });
    };
    const r = await call('containers.create', fail, { method: 'POST', body: { displayName: 'a' } });
    expect(bodyOf(r)).toEqual({
      error: {
        code: 400,
        message: 'memoryMib must be an integer from 64 to 262144',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': BAD_REQUEST,
            fieldViolations: [{ field: 'memoryMib', description: 'memoryMib must be an integer from 64 to 262144' }],
          },
        ],
      },
    });
  });

  it('is a dialect by name', () => {
    expect(isDialect('style:google')).toBe(true);
    expect(DIALECT_HELP).toContain('style:google');
  });
});

describe('style:google sub-resources', () => {
  it('name a database attachment by its database, as its route does', async () => {
    const att = { database_id: 'd-1', name: 'pg-main', engine: 'postgres', config_var: 'DATABASE_URL', attached_at: T };
    const r = await call('containers.attachments.list', () => ({ status: 200, json: { items: [att] } }));
    expect(bodyOf(r)).toEqual({
      attachments: [
        {
          name: 'zones/eu-1/attachments/d-1',
          displayName: 'pg-main',
          databaseId: 'd-1',
          engine: 'postgres',
          configVar: 'DATABASE_URL',
          attachedTime: T,
        },
      ],
    });
  });
});
