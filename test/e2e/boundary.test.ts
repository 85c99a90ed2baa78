/**
 * The boundary between the window and the agent (#24 item 5), through the browser host in
 * Chromium: a Cancel on a running "Save complete log" stops the transfer within a second and
 * leaves no file, partial or temp; and errors the window does not catch land in zonedeck.log,
 * redacted like the agent's own lines.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../integration/sandbox/helpers';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { details, openSection, openTab, sandboxBase, selectRow } from './support/compute-steps';
import { signInWithMailboxCode } from './support/flows';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('the window and the agent', () => {
  let app: AppUnderTest;
  const logText = () => {
    const file = path.join(app.dataDir, 'logs', 'zonedeck.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  beforeAll(async () => {
    app = await openApp(chrome!);
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
  }, 60_000);
  afterAll(async () => app?.close());

  it('Cancel stops a running "Save complete log" within a second and leaves no partial file', async () => {
    const { page } = app;
    // A container whose log is far larger than the test would wait for (sandbox extension: log_backlog).
    const base = sandboxBase(app.dataDir);
    const token = (await signIn(base, 'dev@example.com', 'sandbox-dev')).access_token;
    const made = await call(base, '/api/v1/containers', {
      token,
      body: { name: 'endless-log', log_backlog: 20_000_000, start: false },
    });
    expect(made.status).toBeLessThan(300);
    await openSection(page, 'Containers');
    await selectRow(page, 'Containers', 'endless-log');
    const pane = details(page, 'endless-log');
    await openTab(pane, 'Logs');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-cancel-'));
    await pane.getByRole('button', { name: 'Save complete log…' }).click();
    await page.getByLabel('Folder to save the log in').fill(dir);
    await page.getByRole('form', { name: 'Save complete log' }).getByRole('button', { name: 'Save' }).click();
    // The transfer is under way: the agent's temp file is in the folder and growing.
    const size = () => readdirSync(dir).reduce((n, f) => n + readFileSync(path.join(dir, f)).byteLength, 0);
    await expect.poll(size, { timeout: 20_000 }).toBeGreaterThan(2_000_000);
    await pane.getByRole('button', { name: 'Cancel saving the log' }).click();
    const at = Date.now();
    await expect.poll(() => readdirSync(dir), { timeout: 1000, interval: 50 }).toEqual([]);
    expect(Date.now() - at).toBeLessThan(1000);
    await page.getByText('Stopped saving the log; no file was kept.').waitFor();
    await expect.poll(() => pane.getByRole('button', { name: 'Cancel saving the log' }).count()).toBe(0);
    // Stopped, not merely hidden: nothing more appears in the folder.
    await page.waitForTimeout(1500);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  it('an error the window throws, or a promise it leaves rejected, lands in zonedeck.log, redacted', async () => {
    const { page } = app;
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZXYifQ.c2lnbmF0dXJlLW9mLXRoZS10ZXN0';
    await page.evaluate((secret) => {
      setTimeout(() => {
        throw new Error(`e2e thrown on purpose with ${secret}`);
      });
      void Promise.reject(new Error('e2e rejection on purpose'));
    }, jwt);
    await expect.poll(logText, { timeout: 5000 }).toContain('e2e rejection on purpose');
    await expect.poll(logText, { timeout: 5000 }).toContain('e2e thrown on purpose');
    const lines = logText()
      .split('\n')
      .filter((l) => l.includes('on purpose'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.component, l.level, l.source])).toEqual(
      expect.arrayContaining([
        ['renderer', 'error', 'unhandledrejection'],
        ['renderer', 'error', 'window.onerror'],
      ]),
    );
    expect(logText()).not.toContain(jwt);
  });
});
