/**
 * Downloads from a zone are capped (issue #11, item 7): the log archive at 1 GiB, a kubeconfig or
 * VPN profile at 4 MiB, each liftable per call with `maxBytes`; a download that goes silent stops.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cappedBody } from '../../../src-main/agent/http/download-caps';
import { harness } from './harness';

const MiB = 1024 * 1024;

describe('download caps', () => {
  const home = mkdtempSync(path.join(os.tmpdir(), 'zd-caps-home-'));
  let h: Awaited<ReturnType<typeof harness>>;
  let zone: string;
  beforeAll(async () => {
    h = await harness({}, { homeDir: home });
    zone = (await h.addAndSignIn('eu-1')).id;
  });
  afterAll(async () => {
    await h?.close();
    rmSync(home, { recursive: true, force: true });
  });
  beforeEach(() => h.control('eu-1', 'faults', { reply: null }));

  const huge = (route: string, bytes: number) =>
    h.control('eu-1', 'faults', { reply: { mode: 'huge', route, bytes, content_type: 'text/plain' } });

  it('stops a log archive past its cap, leaves no file, and saves it when the cap is lifted', async () => {
    const dir = mkdtempSync(path.join(home, 'logs-'));
    await huge('containers.logs.archive', 3 * MiB);
    const input = { zone, kind: 'container' as const, id: 'c-1', dir };
    const refused = await h.agent.invoke('compute.saveLogArchive', { ...input, maxBytes: MiB }, h.conn);
    expect(refused).toEqual({
      ok: false,
      error: {
        status: 0,
        code: 'reply_too_large',
        message:
          'The log archive is larger than 1 MiB, the limit for this download. Allow a larger download to save it.',
        details: { limitBytes: MiB },
      },
    });
    expect(readdirSync(dir)).toEqual([]); // the temp file went with the refusal

    const saved = await h.invoke('compute.saveLogArchive', { ...input, maxBytes: 8 * MiB });
    expect(saved?.bytes).toBeGreaterThan(3 * MiB);
    expect(statSync(saved!.path).size).toBe(saved!.bytes);
    const byDefault = await h.invoke('compute.saveLogArchive', input); // 1 GiB by default
    expect(byDefault?.bytes).toBe(saved!.bytes);
  }, 30_000);

  it.each([
    [
      'kubeconfig',
      'kubernetes.kubeconfig',
      () => h.agent.invoke('kubeconfig.save', { zone, clusterId: 'k-1', clusterName: 'demo' }, h.conn),
    ],
    [
      'VPN profile',
      'vpnGateways.config',
      () => h.agent.invoke('vpn.saveProfile', { zone, gatewayId: 'g-1', gatewayName: 'office' }, h.conn),
    ],
  ])('refuses a %s over 4 MiB with reply_too_large naming the cap', async (what, route, run) => {
    await huge(route, 5 * MiB);
    expect(await run()).toEqual({
      ok: false,
      error: {
        status: 0,
        code: 'reply_too_large',
        message: `The ${what} is larger than 4 MiB, the limit for this download. Allow a larger download to save it.`,
        details: { limitBytes: 4 * MiB },
      },
    });
  });

  it('lets the caller lift the cap of a VPN profile', async () => {
    await huge('vpnGateways.config', 5 * MiB);
    const dir = mkdtempSync(path.join(home, 'vpn-'));
    const saved = await h.invoke('vpn.saveProfile', {
      zone,
      gatewayId: 'g-1',
      gatewayName: 'office',
      dir,
      maxBytes: 8 * MiB,
    });
    expect(saved?.bytes).toBeGreaterThan(5 * MiB);
  });
});

describe('a download that goes silent', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first bytes, then nothing');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('stops after the idle time with a typed timeout', async () => {
    const r = await request(url);
    const res = { status: r.statusCode, headers: new Headers(r.headers as Record<string, string>), body: r.body };
    const got: Uint8Array[] = [];
    const read = async () => {
      for await (const chunk of cappedBody(res, 'log archive', MiB, 300)) got.push(chunk);
    };
    await expect(read()).rejects.toMatchObject({
      code: 'timeout',
      message: 'The zone sent nothing for 300 ms; the download was stopped.',
    });
    expect(Buffer.concat(got).toString()).toBe('first bytes, then nothing');
  });
});
