/**
 * Typed operations: the compiler refuses a misspelt operation id or wrong path parameters, and
 * replies are the spec's records where it fixes one. `npm run typecheck` checks the
 * @ts-expect-error lines and expectTypeOf assertions; vitest runs the runtime half.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiCallInput, ListPollInput, MfaChallenge } from '../../../src-main/contract/commands';
import type {
  OperationId,
  PathParamName,
  PathParams,
  ReadOperationId,
  Reply,
} from '../../../src-main/contract/operations';
import type {
  CicdStatus,
  LimitsRecord,
  RestoreResult,
  TokenBody,
  TotpSetup,
  WorkspaceRecord,
} from '../../../src-main/contract/records';
import { ROUTES, findRoute, pathParams } from '../../../src-main/contract/routes';
import type { Bridge } from '../../../src-main/contract/protocol';
import { type AgentApi, createAgent } from '../../../src-renderer/agent';

/** Calls that must not compile; never run, only type-checked. */
const refused = (agent: AgentApi, zone: string, someString: string) => {
  // @ts-expect-error a misspelt operation id
  void agent.call(zone, 'containers.lsit');
  // @ts-expect-error an id that is only a string at compile time
  void agent.call(zone, someString);
  // @ts-expect-error the path has {id}: the options cannot be left out
  void agent.call(zone, 'containers.get');
  // @ts-expect-error the path has {id}: params without it
  void agent.call(zone, 'containers.get', { params: {} });
  // @ts-expect-error a wrong path parameter name
  void agent.call(zone, 'containers.get', { params: { uuid: 'c1' } });
  // @ts-expect-error both {id} and {name} are needed, and {snapshot} is not one of them
  void agent.call(zone, 'disks.snapshots.restore', { params: { id: 'd1', snapshot: 's1' } });
  // @ts-expect-error a parameter the path does not have
  void agent.call(zone, 'limits.get', { params: { id: 'x' } });
  // @ts-expect-error the agent's command input is typed too
  const input: ApiCallInput = { zone, operationId: 'containers.lsit' };
  // @ts-expect-error list.poll takes reads only
  const poll: ListPollInput = { zone, operationId: 'containers.create' };
  return [input, poll];
};

/** Calls that must compile, including a union of operations built from a kind. */
const accepted = (agent: AgentApi, zone: string, kind: 'containers' | 'microvms') => [
  expectTypeOf(agent.call(zone, 'limits.get')).resolves.toEqualTypeOf<LimitsRecord>(),
  expectTypeOf(agent.call(zone, `${kind}.get`, { params: { id: 'c1' } })).resolves.toEqualTypeOf<unknown>(),
  agent.call(zone, 'containers.list', { query: { limit: 10 } }),
  agent.call(zone, `${kind}.get`, { params: { id: 'c1' } }),
  agent.call(zone, 'disks.snapshots.restore', { params: { id: 'd1', name: 's1' } }),
  agent.call(zone, 'webhooks.receive', { params: { git_host: 'gh', appId: 'a1' }, body: 'raw' }),
];

describe('operation types', () => {
  it('refuses misspelt ids and wrong path parameters at compile time', () => {
    expectTypeOf(refused).toBeFunction();
    expectTypeOf(accepted).toBeFunction();
    expectTypeOf<string>().not.toExtend<OperationId>();
    expectTypeOf<'containers.list'>().toExtend<OperationId>();
    expectTypeOf<'containers.create'>().not.toExtend<ReadOperationId>();
    expectTypeOf<'containers.list'>().toExtend<ReadOperationId>();
  });

  it('types path parameters from the path template', () => {
    expectTypeOf<PathParams<'containers.get'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<PathParams<'disks.snapshots.restore'>>().toEqualTypeOf<{ id: string; name: string }>();
    expectTypeOf<PathParams<'workspaces.cicd.deploymentLog'>>().toEqualTypeOf<{ id: string; deployment: string }>();
    expectTypeOf<PathParams<'webhooks.receive'>>().toEqualTypeOf<{ git_host: string; appId: string }>();
    expectTypeOf<PathParams<'limits.get'>>().toEqualTypeOf<Record<never, never>>();
  });

  it('types the replies the spec fixes and leaves the rest unknown', () => {
    expectTypeOf<Reply<'limits.get'>>().toEqualTypeOf<LimitsRecord>();
    expectTypeOf<Reply<'disks.snapshots.restore'>>().toEqualTypeOf<RestoreResult>();
    expectTypeOf<Reply<'auth.login'>>().toEqualTypeOf<TokenBody | MfaChallenge>();
    expectTypeOf<Reply<'auth.mfa.verify'>>().toEqualTypeOf<TokenBody>();
    expectTypeOf<Reply<'auth.totp.setup'>>().toEqualTypeOf<TotpSetup>();
    expectTypeOf<Reply<'workspaces.get'>>().toEqualTypeOf<WorkspaceRecord>();
    expectTypeOf<Reply<'workspaces.cicd.deploy'>>().toEqualTypeOf<CicdStatus>();
    expectTypeOf<Reply<'containers.list'>>().toEqualTypeOf<unknown>();
    expectTypeOf<Reply<'workspaces.list'>>().toEqualTypeOf<unknown>();
  });
});

/** A few routes' parameter names as the type sees them: Record<…, true> must list each, no more. */
const SAMPLE: {
  [
    Op in
      | 'containers.get'
      | 'disks.snapshots.restore'
      | 'containers.attachments.detachDatabase'
      | 'deployServers.services.restart'
      | 'webhooks.receive'
      | 'workflows.evals.delete'
      | 'limits.get'
  ]: Record<PathParamName<Op>, true>;
} = {
  'containers.get': { id: true },
  'disks.snapshots.restore': { id: true, name: true },
  'containers.attachments.detachDatabase': { id: true, database_id: true },
  'deployServers.services.restart': { id: true, svc: true },
  'webhooks.receive': { git_host: true, appId: true },
  'workflows.evals.delete': { id: true, caseId: true },
  'limits.get': {},
};

describe('path parameters at run time', () => {
  it('pathParams reads the same names, in template order, as the type', () => {
    for (const [op, names] of Object.entries(SAMPLE)) {
      expect(pathParams(findRoute(op)!), op).toEqual(Object.keys(names));
    }
  });

  it('every operation id of the table is found, and agent.call forwards it with its params', async () => {
    for (const r of ROUTES) expect(findRoute(r.id)).toBe(r);
    const calls: unknown[] = [];
    const bridge: Bridge = {
      invoke: async (c, i) => {
        calls.push([c, i]);
        return { ok: true, result: { status: 200, data: { disk_id: 'd1' } } };
      },
      onEvent: () => () => {},
      cancel: () => {},
      onStream: () => () => {},
      sendStream: () => {},
    };
    const res = await createAgent(bridge).call('eu-1', 'disks.snapshots.restore', { params: { id: 'd1', name: 's1' } });
    expect(res.disk_id).toBe('d1');
    expect(calls).toEqual([
      ['api.call', { zone: 'eu-1', operationId: 'disks.snapshots.restore', params: { id: 'd1', name: 's1' } }],
    ]);
  });
});
