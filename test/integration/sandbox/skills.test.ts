import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, signIn, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
let token: string;
const S = '/api/v1/skills';

beforeAll(async () => {
  sb = await startTestSandbox();
  token = (await signIn(sb.eu, 'dev@example.com', 'sandbox-dev')).access_token;
});
afterAll(() => sb.close());

it('skill CRUD', async () => {
  const seeded = await call(sb.eu, S, { token });
  expect((seeded.body.items as Record<string, unknown>[])[0]).toMatchObject({ name: 'summarize', file_count: 2 });
  const c = await call(sb.eu, S, { token, body: { name: 'translate', description: 'x' } });
  expect(c.status).toBe(201);
  const id = String(c.body.id);
  expect((await call(sb.eu, `${S}/${id}`, { token, method: 'PUT', body: { description: 'y' } })).body.description).toBe(
    'y',
  );
  expect((await call(sb.eu, S, { token, body: {} })).status).toBe(400);
  expect((await call(sb.eu, `${S}/${id}`, { token, method: 'DELETE' })).status).toBe(204);
  expect((await call(sb.eu, `${S}/${id}`, { token })).status).toBe(404);
});

it('files: put (create, replace), list, read, delete by ?path=', async () => {
  const id = String((await call(sb.eu, S, { token, body: { name: 'files' } })).body.id);
  const F = `${S}/${id}/files`;
  expect((await call(sb.eu, F, { token, method: 'PUT', body: { path: 'docs/a.md', content: 'one' } })).status).toBe(
    201,
  );
  expect((await call(sb.eu, F, { token, method: 'PUT', body: { path: 'docs/a.md', content: 'two!' } })).status).toBe(
    200,
  );
  await call(sb.eu, F, { token, method: 'PUT', body: { path: 'SKILL.md', content: '# x' } });
  for (const path of ['../x', '/abs', 'a//b', '']) {
    expect((await call(sb.eu, F, { token, method: 'PUT', body: { path, content: 'x' } })).status).toBe(400);
  }
  const list = await call(sb.eu, F, { token });
  expect(list.body.items).toEqual([
    { path: 'SKILL.md', size: 3, updated_at: expect.any(String) },
    { path: 'docs/a.md', size: 4, updated_at: expect.any(String) },
  ]);
  expect((await call(sb.eu, `${F}?prefix=docs/`, { token })).body.items).toHaveLength(1);
  const content = await call(sb.eu, `${F}/content?path=docs%2Fa.md`, { token });
  expect(content.body).toBe('two!');
  expect(content.headers.get('content-type')).toMatch(/^text\/plain/);
  expect((await call(sb.eu, `${F}/content?path=nope.md`, { token })).status).toBe(404);
  expect((await call(sb.eu, `${F}/content`, { token })).status).toBe(400);
  expect((await call(sb.eu, `${F}?path=docs/a.md`, { token, method: 'DELETE' })).status).toBe(204);
  expect((await call(sb.eu, `${F}?path=docs/a.md`, { token, method: 'DELETE' })).status).toBe(404);
});
