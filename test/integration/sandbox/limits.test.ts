import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, LIMITS_RECORD_KEYS, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

it('returns exactly the limits record for the caller tenant', async () => {
  const { access_token } = await signIn(sb.eu, 'dev@example.com', 'sandbox-dev');
  const r = await call(sb.eu, '/api/v1/limits', { token: access_token });
  expect(r.status).toBe(200);
  expect(Object.keys(r.body).sort()).toEqual(LIMITS_RECORD_KEYS);
  for (const k of [
    'max_cpu_cores',
    'max_llm_tokens_month',
    'max_ram_gib',
    'max_storage_gib',
    'max_vms_per_vpc',
    'max_vpcs',
  ]) {
    expect(typeof r.body[k]).toBe('number');
  }
  expect(r.body.tenant_id).toBe(sb.handle.world.tenantId);
  expect(r.body.tenant_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(new Date(r.body.updated_at as string).toISOString()).toBe(r.body.updated_at);
});

it('is 403 for the viewer, who lacks limits:read', async () => {
  const { access_token } = await signIn(sb.eu, 'viewer@example.com', 'sandbox-viewer');
  const r = await call(sb.eu, '/api/v1/limits', { token: access_token });
  expect(r.status).toBe(403);
});

it('is 401 without a token', async () => {
  expect((await call(sb.eu, '/api/v1/limits')).status).toBe(401);
});
