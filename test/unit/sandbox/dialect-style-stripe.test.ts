/**
 * `style:stripe` both ways at the edge: standard records as Stripe objects (prefixed ids and
 * references, `object`, `created` and other times in epoch seconds, `metadata`), lists as
 * `{object: "list", data, has_more, url}`, prefixed ids mapped back in paths, cursors and bodies,
 * form-encoded bodies with brackets, a camelCase parameter refused `parameter_unknown` and a
 * handler's missing field said `parameter_missing` with its `param`.
 */
import { describe, expect, it } from 'vitest';
import type { Handler, SandboxRequest } from '../../../src-main/sandbox/core/types';
import { HttpError } from '../../../src-main/sandbox/core/types';
import { DIALECT_HELP, isDialect } from '../../../src-main/sandbox/dialect/choose';
import { prefixed, unprefixed } from '../../../src-main/sandbox/dialect/style-stripe-wire';
import { CONTAINER, RUN, type Rec } from './dialect-fakes';
import { bodyOf, styleCall } from './style-call';

const call = (routeId: string, handler: Handler, init: Partial<SandboxRequest> = {}) =>
  styleCall('style:stripe', routeId, handler, init);
const UUID = '0b9c6a52-1d2e-4f3a-9b00-000000000a01';
const EPOCH = Math.floor(Date.parse(CONTAINER.created_at as string) / 1000);

describe('style:stripe ids', () => {
  it('prefix a UUID without its hyphens and map it back; other ids keep their text', () => {
    expect(prefixed('ctr', UUID)).toBe('ctr_0b9c6a521d2e4f3a9b00000000000a01');
    expect(unprefixed('ctr_0b9c6a521d2e4f3a9b00000000000a01')).toBe(UUID);
    expect(unprefixed(prefixed('wf', 'w-1'))).toBe('w-1');
    expect(unprefixed('no_such_prefix')).toBe('no_such_prefix');
  });
});

describe('style:stripe replies', () => {
  it('say a container list as a Stripe list of objects', async () => {
    const r = await call(
      'containers.list',
      () => ({ status: 200, json: { items: [{ ...CONTAINER, id: UUID }], next_before: 'x' } }),
      { path: '/api/v1/containers' },
    );
    expect(bodyOf(r)).toEqual({
      object: 'list',
      has_more: true,
      url: '/api/v1/containers',
      data: [
        {
          id: 'ctr_0b9c6a521d2e4f3a9b00000000000a01',
          object: 'container',
          created: EPOCH,
          name: 'web-1',
          kind: 'container',
          status: 'running',
          desired_status: 'running',
          metadata: {},
          livemode: false,
        },
      ],
    });
  });

  it('prefix a run’s workflow reference and say its steps’ times in epoch seconds, input kept', async () => {
    const run = bodyOf(await call('workflowRuns.get', () => ({ status: 200, json: { ...RUN, input: { at: 'x' } } })));
    expect(run).toMatchObject({ id: 'wfr_run-1', object: 'workflow_run', workflow_id: 'wf_w-1', input: { at: 'x' } });
    expect((run.steps as Rec[])[0]!.started_at).toBe(EPOCH);
  });
});

describe('style:stripe requests', () => {
  let seen: SandboxRequest | undefined;
  const echo: Handler = (req) => {
    seen = req;
    return { status: 200, json: { id: 'n', name: 'x' } };
  };

  it('map prefixed ids back in path parameters, the cursor and reference fields', async () => {
    await call('workflows.run', echo, {
      method: 'POST',
      params: { id: 'wf_0b9c6a521d2e4f3a9b00000000000a01' },
      query: new URLSearchParams('before=wfr_abc'),
      body: { input: 'hi', repo_id: 'repo_r-1', metadata: { team: 'a' } },
    });
    expect(seen!.params.id).toBe(UUID);
    expect(seen!.query.get('before')).toBe('abc');
    expect(seen!.body).toEqual({ input: 'hi', repo_id: 'r-1' });
  });

  it('read a form-encoded body with brackets as JSON, numbers and booleans typed', async () => {
    const raw = 'name=api&memory_mib=256&start=false&ports[0][port]=80&ports[0][protocol]=tcp&metadata[team]=a';
    await call('containers.create', echo, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      rawBody: Buffer.from(raw),
      body: Object.fromEntries(new URLSearchParams(raw)),
    });
    expect(seen!.body).toEqual({ name: 'api', memory_mib: 256, start: false, ports: [{ port: 80, protocol: 'tcp' }] });
  });

  it('refuse a parameter in another case as parameter_unknown', async () => {
    seen = undefined;
    const r = await call('skills.create', echo, { method: 'POST', body: { displayName: 'x' } });
    expect(r.status).toBe(400);
    expect(bodyOf(r)).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'parameter_unknown',
        param: 'displayName',
        message: 'Received unknown parameter: displayName',
        doc_url: 'https://docs.sandbox.localhost/error-codes/parameter-unknown',
      },
    });
    expect(seen).toBeUndefined();
  });

  it('say a handler’s missing field as parameter_missing naming the param, a nested one in brackets', async () => {
    const fail: Handler = () => {
      throw new HttpError(400, 'validation_failed', 'Name is required.', { fields: { name: 'Name is required.' } });
    };
    const r = bodyOf(await call('containers.create', fail, { method: 'POST', body: {} }));
    expect(r.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_missing', param: 'name' });
    const nested: Handler = () => {
      throw new HttpError(400, 'validation_failed', 'bad key', { fields: { 'config_vars.a-b': 'bad key' } });
    };
    const n = bodyOf(await call('containers.configVars.replace', nested, { method: 'PUT', body: {} }));
    expect(n.error).toMatchObject({ code: 'validation_failed', param: 'config_vars[a-b]' });
  });

  it('is a dialect by name', () => {
    expect(isDialect('style:stripe')).toBe(true);
    expect(DIALECT_HELP).toContain('style:stripe');
  });
});
