/**
 * A zone that answers the health probe (sent without a token) with a 2xx and a body: the probe
 * takes the answer, stops the body it does not want, and the zone reads reachable again. Against a
 * real server on loopback. Stopping undici's body emits an 'error' event; unheard, it was thrown
 * in the agent's process (vitest fails the run on such an error).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_CODES, AgentError } from '../../../src-main/contract/errors';
import { ZoneClient } from '../../../src-main/agent/http/zone-client';
import { HealthBoard } from '../../../src-main/agent/zones/health-board';

let server: http.Server | undefined;
let board: HealthBoard | undefined;
afterEach(async () => {
  board?.dispose();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
});

describe('the health probe, answered', () => {
  it('takes a 2xx with a body, stops the body, and reads the zone reachable', async () => {
    let probes = 0;
    server = http.createServer((req, res) => {
      probes++;
      res.setHeader('content-type', 'application/json');
      // A small body, whole in the first packet: the case that threw.
      res.end(JSON.stringify({ versions: ['1.29', '1.30'] }));
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    board = new HealthBoard(() => {});
    // The client tells the tracker how each call ended, as the agent wires them.
    const client = new ZoneClient({ baseUrl }, undefined, (o) => tracker.record(o));
    const tracker = board.track('z', () => client);
    // A call that did not reach the zone: the first probe goes a second later.
    tracker.record({ ms: 0, error: new AgentError({ status: 0, code: AGENT_CODES.network, message: 'reset' }) });
    const until = Date.now() + 5_000;
    while (tracker.view().state !== 'reachable' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(probes).toBe(1);
    expect(tracker.view().state).toBe('reachable');
    // Whatever the stopped body does next happens now, inside the test.
    await new Promise((r) => setTimeout(r, 200));
    await client.close();
  });
});
