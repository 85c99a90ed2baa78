/**
 * The browser host keeps its port per data folder (web/host-port.ts): launched again without
 * --port it listens where it did, so the browser's cache and the page's storage are the same
 * origin's; it takes another port when that one is taken, and --port wins and is not kept.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnWebHost } from '../../support/spawn-web-host';

const base = mkdtempSync(path.join(os.tmpdir(), 'zd-host-port-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const KEPT = 'browser-host-port';

/** The port kept in `dataDir`, once the host has written it (after its ready line). */
async function keptPort(dataDir: string): Promise<number> {
  const file = path.join(dataDir, KEPT);
  await until(() => existsSync(file));
  return Number(readFileSync(file, 'utf8'));
}

async function until(test: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`not so within ${ms} ms: ${test.toString()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function pageStatus(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { host: `127.0.0.1:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .once('error', reject);
  });
}

describe('the browser host port', () => {
  it('is the same on the next launch from the same data folder', async () => {
    const dataDir = path.join(base, 'same');
    const first = await spawnWebHost({ port: null, dataDir });
    expect(await keptPort(dataDir)).toBe(first.port);
    await first.stop();
    const second = await spawnWebHost({ port: null, dataDir });
    try {
      expect(second.port).toBe(first.port);
      expect(await pageStatus(second.port)).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('is another free port when the kept one is taken, and that one is kept', async () => {
    const dataDir = path.join(base, 'taken');
    const first = await spawnWebHost({ port: null, dataDir });
    const taken = await keptPort(dataDir);
    await first.stop();
    const squatter = http.createServer((_req, res) => res.end('not Zonedeck'));
    await new Promise<void>((r) => squatter.listen(taken, '127.0.0.1', r));
    try {
      const second = await spawnWebHost({ port: null, dataDir });
      try {
        expect(second.port).not.toBe(taken);
        expect(await pageStatus(second.port)).toBe(200);
        await until(() => second.logText().includes('the port kept from the last launch is taken'));
        await until(async () => (await keptPort(dataDir)) === second.port);
      } finally {
        await second.stop();
      }
    } finally {
      await new Promise((r) => squatter.close(r));
    }
  });

  it('follows --port, which is not kept', async () => {
    const dataDir = path.join(base, 'flag');
    const first = await spawnWebHost({ port: null, dataDir });
    const kept = await keptPort(dataDir);
    await first.stop();
    const free = http.createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const wanted = (free.address() as AddressInfo).port;
    await new Promise((r) => free.close(r));
    const second = await spawnWebHost({ port: String(wanted), dataDir });
    try {
      expect(second.port).toBe(wanted);
      // The ready line came before; give a wrongly kept port the time it would take to appear.
      await new Promise((r) => setTimeout(r, 300));
      expect(await keptPort(dataDir)).toBe(kept);
    } finally {
      await second.stop();
    }
  });
});
