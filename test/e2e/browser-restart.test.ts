/**
 * Browser mode across a restart of the host on the port a person chose (`--port N`): a tab left open
 * from the last launch reaches the new host, which refuses it (its cookie and token were the old
 * launch's), and the tab says so over what it shows, with the way out, rather than nothing while
 * every call fails; the new link opens the app. (Without --port each launch takes a new port, and
 * an old tab keeps trying to reconnect to a host that is gone.)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Browser, chromium } from 'playwright-core';
import { hostEnv, openPages, startHost, stopHost } from './support/app';
import { CHROMIUM_ARGS, chromiumOrSkip } from './support/chromium';

const chrome = chromiumOrSkip();

/** A port free right now. */
async function freePort(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return String(port);
}

describe.runIf(chrome)('browser mode: a restart of the host on the same port', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-e2e-restart-'));
  const hosts: ChildProcess[] = [];
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    for (const child of hosts) await stopHost(child);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('tells the tab of the last launch to use the new link, and the new link opens the app', async () => {
    const port = await freePort();
    const first = await startHost(dataDir, hostEnv(dataDir), { port });
    hosts.push(first.child);
    browser = await chromium.launch({ executablePath: chrome!, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
    const old = await context.newPage();
    openPages.add(old);
    await old.goto(first.url);
    await old.getByRole('button', { name: 'Try the local sandbox' }).waitFor();

    await stopHost(first.child);
    const second = await startHost(dataDir, hostEnv(dataDir), { port });
    hosts.push(second.child);

    const alert = old.getByRole('alert').filter({ hasText: 'can’t reach its local agent' });
    await alert.getByText(/no session with Zonedeck’s local agent/).waitFor({ timeout: 20_000 });
    await alert.getByRole('button', { name: 'Reload' }).waitFor();
    await old.screenshot({ path: 'test-results/screenshots/browser-restart-old-tab.png' });

    const fresh = await context.newPage();
    openPages.add(fresh);
    try {
      await fresh.goto(second.url);
      await fresh.getByRole('button', { name: 'Try the local sandbox' }).waitFor();
      expect(await fresh.getByRole('alert').filter({ hasText: 'can’t reach' }).count()).toBe(0);
    } finally {
      openPages.delete(fresh);
      openPages.delete(old);
    }
  });
});
