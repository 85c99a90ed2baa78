import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import { harness } from './harness';

/** A port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

let h: Awaited<ReturnType<typeof harness>> | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('command table', () => {
  it('rejects bad input with a readable validation error and changes nothing', async () => {
    h = await harness();
    const before = await h.invoke('zones.list', {});
    const bad = [
      ['zones.add', { name: '', baseUrl: 'https://x.example.com' }],
      ['zones.add', { name: 'x', baseUrl: 'not a url' }],
      ['zones.add', { name: 'x', baseUrl: 'https://x.example.com', color: 'red' }],
      ['zones.add', { name: 'x', baseUrl: 'https://x.example.com', extra: 1 }],
      ['api.call', { zone: 'eu-1' }],
      ['auth.login', { zone: 'eu-1', email: 'nope', password: 'x' }],
      ['stream.close', { sid: 'not-a-uuid' }],
    ] as const;
    for (const [command, input] of bad) {
      const reply = await h.agent.invoke(command, input, h.conn);
      expect(reply.ok, `${command} ${JSON.stringify(input)}`).toBe(false);
      if (!reply.ok) {
        expect(reply.error.code).toBe('invalid_input');
        expect(reply.error.message).toMatch(new RegExp(`^Invalid input for ${command.replace('.', '\\.')}`));
      }
    }
    expect(await h.invoke('zones.list', {})).toEqual(before);
    expect(readFileSync(`${h.dataDir}/zones.json`, 'utf8')).not.toMatch(/"name":\s*"x"/);
  });

  it('refuses unknown commands and operations outside the route table', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    const unknown = await h.agent.invoke('fs.readFile', { path: '/etc/passwd' }, h.conn);
    expect(!unknown.ok && unknown.error.code).toBe('unknown_command');
    for (const operationId of ['admin.everything', 'auth.login', 'oauth.token', 'auth.token', 'containers.console']) {
      const r = await h.agent.invoke('api.call', { zone: zone.id, operationId }, h.conn);
      expect(!r.ok && r.error.code, operationId).toBe('unknown_operation');
    }
  });

  it('reports a missing path parameter before anything is sent', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    const r = await h.agent.invoke('api.call', { zone: zone.id, operationId: 'containers.get', params: {} }, h.conn);
    expect(!r.ok && r.error).toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/missing id/) });
  });

  it('maps zone errors to readable messages with status and code', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    const r = await h.agent.invoke(
      'api.call',
      { zone: zone.id, operationId: 'containers.get', params: { id: 'does-not-exist' } },
      h.conn,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.status).toBe(404);
      expect(r.error.message.length).toBeGreaterThan(5);
    }
  });

  it('maps an unreachable zone to a network error a person can read', async () => {
    h = await harness();
    const port = await closedPort();
    const zone = await h.invoke('zones.add', { name: 'gone', baseUrl: `http://gone.localhost:${port}` });
    const r = await h.agent.invoke('auth.login', { zone: zone.id, email: 'a@example.com', password: 'x' }, h.conn);
    expect(!r.ok && r.error).toMatchObject({
      status: 0,
      code: 'network_error',
      message: expect.stringMatching(/Nothing is listening/),
    });
  });
});
