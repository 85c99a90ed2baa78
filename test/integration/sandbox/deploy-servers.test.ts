import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
let viewer: string;
const D = '/api/v1/deploy-servers';

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
  viewer = (await signIn(sb.eu, 'viewer@example.com', 'sandbox-viewer')).access_token;
});
afterAll(() => sb.close());

it('restarts seeded applications, databases and services with an empty 204', async () => {
  for (const p of ['applications/storefront', 'databases/postgres-main', 'services/nginx']) {
    const r = await call(sb.eu, `${D}/ds-main/${p}/restart`, { token, method: 'POST' });
    expect(r.status).toBe(204);
    expect(r.body).toBeUndefined();
  }
});

it('404s for unknown servers or members', async () => {
  expect((await call(sb.eu, `${D}/ds-nope/applications/storefront/restart`, { token, method: 'POST' })).status).toBe(
    404,
  );
  expect((await call(sb.eu, `${D}/ds-main/databases/nope/restart`, { token, method: 'POST' })).status).toBe(404);
  expect((await call(sb.eu, `${D}/ds-staging/services/worker/restart`, { token, method: 'POST' })).status).toBe(404);
});

it('needs deploy_servers:manage', async () => {
  expect((await call(sb.eu, `${D}/ds-main/services/nginx/restart`, { token: viewer, method: 'POST' })).status).toBe(
    403,
  );
});
