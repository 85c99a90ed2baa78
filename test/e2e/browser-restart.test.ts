/**
 * Browser mode across a restart of the host: without --port it listens where its data folder's last
 * launch did (web/host-port.ts), so the new link is the same origin. A tab left open from the last
 * launch is refused by the new host and says so (its cookie was the old launch's), and the new
 * link opens the app with the page's storage of the last launch still there.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Browser, chromium } from 'playwright-core';
import { hostEnv, openPages, startHost } from './support/app';
import { CHROMIUM_ARGS, chromiumOrSkip } from './support/chromium';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('browser mode: a restart of the host on its kept port', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zd-e2e-restart-'));
  const hosts: ChildProcess[] = [];
  let browser: Browser | undefined;
  const stop = async (child: ChildProcess) => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  afterAll(async () => {
    await browser?.close();
    for (const child of hosts) await stop(child);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('opens the new link on the same origin with the page’s storage, and tells the old tab to use it', async () => {
    const first = await startHost(dataDir, hostEnv(dataDir), { keptPort: true });
    hosts.push(first.child);
    browser = await chromium.launch({ executablePath: chrome!, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
    const old = await context.newPage();
    openPages.add(old);
    await old.goto(first.url);
    await old.getByRole('button', { name: 'Try the local sandbox' }).waitFor();
    await old.evaluate(() => localStorage.setItem('zd-e2e-restart', 'kept'));

    await stop(first.child);
    const second = await startHost(dataDir, hostEnv(dataDir), { keptPort: true });
    hosts.push(second.child);
    expect(new URL(second.url).origin).toBe(new URL(first.url).origin);

    const alert = old.getByRole('alert').filter({ hasText: 'can’t reach its local agent' });
    await alert.getByText(/no session with Zonedeck’s local agent/).waitFor({ timeout: 20_000 });
    await alert.getByRole('button', { name: 'Reload' }).waitFor();
    await old.screenshot({ path: 'test-results/screenshots/browser-restart-old-tab.png' });

    const fresh = await context.newPage();
    openPages.add(fresh);
    try {
      await fresh.goto(second.url);
      await fresh.getByRole('button', { name: 'Try the local sandbox' }).waitFor();
      expect(await fresh.evaluate(() => localStorage.getItem('zd-e2e-restart'))).toBe('kept');
      await expect.poll(() => fresh.getByRole('alert').filter({ hasText: 'can’t reach' }).count()).toBe(0);
    } finally {
      openPages.delete(fresh);
      openPages.delete(old);
    }
  });
});
