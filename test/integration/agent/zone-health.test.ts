/**
 * Zone health against the sandbox over loopback: calls make a zone reachable with a latency; when
 * its sockets are cut (reset_rate 1) it is declared unreachable, changes are held back, only the
 * backoff's probes reach it; when it answers again the agent declares it back by itself.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ZoneHealth } from '../../../src-main/contract/commands';
import { AGENT_CODES } from '../../../src-main/contract/errors';
import { loopbackFetch } from '../../support/loopback-fetch';
import { harness, until } from './harness';

type Harness = Awaited<ReturnType<typeof harness>>;

describe('zone health', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('goes unreachable when the zone stops answering, probes with backoff, and comes back by itself', async () => {
    h = await harness();
    const events: ZoneHealth[][] = [];
    h.agent.onEvent((name, payload) => {
      if (name === 'zones.health') events.push(payload as ZoneHealth[]);
    });
    const zone = await h.addAndSignIn('eu-1');
    const health = async () => (await h!.invoke('zones.health', {})).find((x) => x.zone === zone.id)!;
    await h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' });
    expect(await health()).toMatchObject({ state: 'reachable', downSince: null });
    expect((await health()).latencyMs).toBeGreaterThanOrEqual(0);
    expect(events.some((e) => e.some((x) => x.zone === zone.id && x.state === 'reachable'))).toBe(true);

    const base = h.sandbox.zones.find((z) => z.id === 'eu-1')!.baseUrl;
    const requests = async () =>
      ((await (await loopbackFetch(`${base}/_sandbox/requests`)).json()) as { count: number }).count;
    await h.control('eu-1', 'faults', { reset_rate: 1 });
    await expect(h.invoke('api.call', { zone: zone.id, operationId: 'containers.list' })).rejects.toMatchObject({
      code: AGENT_CODES.network,
    });
    // One failure is not an outage; the probe a second later makes it one, and says so at once.
    await until(() => events.some((e) => e.some((x) => x.state === 'unreachable')), 4_000);
    const down = await health();
    expect(down.state).toBe('unreachable');
    expect(down.lastError).toMatch(/connection|reset|closed/i);
    expect(down.downSince).toBeLessThanOrEqual(Date.now());
    expect(down.nextProbeAt).toBeGreaterThan(Date.now() - 100);

    // A change is not sent into the outage: refused with the reason, and it never reaches the zone.
    const before = await requests();
    await expect(
      h.invoke('api.call', { zone: zone.id, operationId: 'containers.create', body: { name: 'held', image: 'nginx' } }),
    ).rejects.toMatchObject({ code: AGENT_CODES.zoneUnreachable, message: /eu-1 is not answering/ });
    // Meanwhile only the probes reach it: 2 s and 4 s apart now, so at most two in 5 s.
    await new Promise((r) => setTimeout(r, 5_000));
    expect((await requests()) - before).toBeLessThanOrEqual(2);

    await h.control('eu-1', 'faults', { reset_rate: 0 });
    await until(
      () =>
        events.some((e) => e.some((x) => x.state === 'reachable')) &&
        events.at(-1)!.some((x) => x.state === 'reachable'),
      12_000,
    );
    expect(await health()).toMatchObject({ state: 'reachable', downSince: null, nextProbeAt: null });
    await h.invoke('api.call', {
      zone: zone.id,
      operationId: 'containers.create',
      body: { name: 'after', image: 'nginx' },
    });
  }, 30_000);
});
