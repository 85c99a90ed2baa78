import { afterEach, describe, expect, it } from 'vitest';
import type { SessionView } from '../../../src-main/contract/commands';
import { countingProxy } from './counting-proxy';
import { harness, until } from './harness';

type H = Awaited<ReturnType<typeof harness>>;
let h: H | undefined;
let proxy: Awaited<ReturnType<typeof countingProxy>> | undefined;
afterEach(async () => {
  await proxy?.close();
  await h?.close();
  h = proxy = undefined;
});

describe('zone session', () => {
  it('signs in with the emailed code and lists containers through api.call', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    const zones = await h.invoke('zones.list', {});
    expect(zones.find((z) => z.id === zone.id)?.session).toMatchObject({
      state: 'signed_in',
      kind: 'user',
      email: 'dev@example.com',
    });
    const res = await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    expect(res.status).toBe(200);
  });

  it('a storm of 100 calls meeting 401 makes exactly one refresh, then every call succeeds', async () => {
    h = await harness({ accessTokenTtl: 60 });
    proxy = await countingProxy(h.sandbox.port);
    const base = h.sandbox.zones[0]!.baseUrl.replace(/:\d+$/, `:${proxy.port}`);
    const zone = await h.addAndSignIn('eu-1', base);
    await h.control('eu-1', 'clock', { advance_seconds: 120 }); // every access token has now expired
    const before = proxy.count('POST /api/v1/auth/token');
    const replies = await Promise.all(
      Array.from({ length: 100 }, () =>
        h!.agent.invoke('api.call', { zone: zone.id, operationId: 'containers.list' }, h!.conn),
      ),
    );
    expect(replies.filter((r) => !r.ok)).toEqual([]);
    expect(proxy.count('POST /api/v1/auth/token') - before).toBe(1);
    expect(proxy.count('GET /api/v1/containers')).toBe(200); // each call once with the old token, once retried
  });

  it('tells the renderer when a refresh fails and the zone signs out', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    const seen: SessionView[] = [];
    h.agent.onEvent((name, p) => {
      const e = p as { zone: string; session: SessionView };
      if (name === 'session.changed' && e.zone === zone.id) seen.push(e.session);
    });
    await h.invoke('api.call', { zone: zone.id, operationId: 'auth.sessions.revokeAll' });
    const reply = await h.agent.invoke('api.call', { zone: zone.id, operationId: 'containers.list' }, h.conn);
    expect(reply.ok).toBe(false);
    expect(!reply.ok && reply.error.code).toBe('signed_out');
    await until(() => seen.find((s) => s.state === 'signed_out'));
    expect(seen.at(-1)?.reason).toMatch(/session ended/i);
  });

  it('signing out revokes at the zone and forgets the session', async () => {
    h = await harness();
    const zone = await h.addAndSignIn('eu-1');
    await h.invoke('auth.logout', { zone: zone.id });
    const zones = await h.invoke('zones.list', {});
    expect(zones[0]?.session.state).toBe('signed_out');
    await expect(h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' })).rejects.toMatchObject({
      code: 'signed_out',
    });
  });
});
