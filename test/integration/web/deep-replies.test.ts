/**
 * A zone reply nested 5,000 deep, through the browser host's socket: a 200 body, an error body (its
 * detail copied into the error) and list.poll. Each call ends as a typed error; the host stays up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HostileZone, deepJson, json, startHostileZone, tokens } from '../../support/hostile-zone';
import { type HostOnSocket, hostOnSocket } from '../../support/host-socket';

let kit: HostileZone;
let page: HostOnSocket;
const call = async (command: string, input: unknown) => (await page.call(command, input)).msg;

beforeAll(async () => {
  kit = await startHostileZone();
  kit.on('POST /api/v1/auth/login', tokens());
  kit.on('GET /api/v1/containers', json(`{"items":${deepJson(5000)}}`));
  kit.on('GET /api/v1/microvms', json(`{"items":[{"id":"a","x":${deepJson(5000)}}]}`));
  kit.on('POST /api/v1/containers', json(`{"error":"conflict","detail":${deepJson(5000)}}`, 409));
  page = await hostOnSocket(kit, 'deep');
});
afterAll(async () => {
  await page?.close();
  await kit?.close();
});

const typedFailure = {
  ok: false,
  error: { status: expect.any(Number), code: expect.any(String), message: expect.any(String) },
};

describe('a reply nested 5,000 deep', () => {
  it.each([
    ['a 200 body through api.call', 'api.call', { operationId: 'containers.list' }],
    ['an error body through api.call', 'api.call', { operationId: 'containers.create', body: {} }],
    ['a list through list.poll', 'list.poll', { operationId: 'microvms.list' }],
  ])('%s ends as a typed error, and the host still answers', async (_name, command, input) => {
    const reply = await call(command, { zone: page.zone, ...input });
    expect(reply).toMatchObject(typedFailure);
    expect((reply as unknown as { error: { code: string } }).error.code).not.toBe('internal_error');
    expect(await call('app.info', {})).toMatchObject({ ok: true });
  });
});
