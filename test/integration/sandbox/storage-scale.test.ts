import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;

beforeAll(async () => {
  sb = await startTestSandbox({ scale: 100 });
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

it('--scale seeds proportionate disks, clusters and workflows', async () => {
  expect(sb.handle.world.shared.disks.get('eu-1')!.size).toBe(3 + 10);
  const clusters = await call<{ items: unknown[] }>(sb.eu, '/api/v1/kubernetes-clusters', { token });
  expect(clusters.body.items).toHaveLength(1 + 5);
  const workflows = await call<{ items: unknown[] }>(sb.eu, '/api/v1/workflows', { token });
  expect(workflows.body.items).toHaveLength(1 + 5);
});

it('reset restores the seeded state', async () => {
  await call(sb.eu, '/api/v1/kubernetes-clusters', { token, body: { name: 'extra' } });
  await call(sb.eu, '/_sandbox/reset', { body: {} });
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token; // reset ends sessions
  const clusters = await call<{ items: unknown[] }>(sb.eu, '/api/v1/kubernetes-clusters', { token });
  expect(clusters.body.items).toHaveLength(6);
  expect(sb.handle.world.shared.disks.get('eu-1')!.size).toBe(13);
});
