import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import {
  details,
  expectState,
  openTab,
  openSection,
  sandboxBase,
  selectRow,
  terminalText,
} from './support/compute-steps';
import { loopbackFetch } from '../support/loopback-fetch';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();
const SHOTS = 'test-results/screenshots';

describe.runIf(chrome)('compute in Chromium through the browser host', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await app.page.getByRole('button', { name: 'Try the local sandbox' }).click();
    await signInWithMailboxCode(app.page, 'dev@example.com', 'sandbox-dev');
    await openSection(app.page, 'Containers');
  }, 60_000);
  afterAll(async () => app?.close());

  const shots = async (name: string) => {
    await app.page.waitForTimeout(400); // tabs and dialogs finish their transitions
    await app.page.screenshot({ path: `${SHOTS}/compute-${name}-light.png` });
    await app.page.emulateMedia({ colorScheme: 'dark' });
    await app.page.waitForTimeout(900); // Naive UI fades colours over ~0.3 s; dialogs a little longer
    await app.page.screenshot({ path: `${SHOTS}/compute-${name}-dark.png` });
    await app.page.emulateMedia({ colorScheme: 'light' });
  };

  it('creates, stops, starts, reschedules and deletes a container', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Create container' }).first().click();
    const form = page.getByRole('form', { name: 'Create container' });
    await form.getByLabel('Name', { exact: true }).fill('e2e-ct');
    await form.getByLabel('Image').fill('busybox:1');
    await shots('create-form');
    await form.getByRole('button', { name: 'Create container' }).click();
    await details(page, 'e2e-ct').waitFor({ timeout: 20_000 });
    await expectState(page, 'e2e-ct', 'running');
    const pane = details(page, 'e2e-ct');
    await pane.getByRole('button', { name: 'Stop', exact: true }).click();
    await answerDialog(page, 'Stop e2e-ct');
    await expectState(page, 'e2e-ct', 'stopped');
    await pane.getByRole('button', { name: 'Start', exact: true }).click();
    await expectState(page, 'e2e-ct', 'running');
    await pane.getByRole('button', { name: 'Reschedule', exact: true }).click();
    await expectState(page, 'e2e-ct', 'running');
    await pane.getByRole('button', { name: 'Delete…' }).click();
    const confirmBtn = page.getByRole('button', { name: 'Delete e2e-ct' });
    expect(await confirmBtn.isDisabled()).toBe(true);
    await page.getByLabel('Type e2e-ct to confirm').fill('e2e-ct');
    await shots('delete-confirm');
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: 'Containers', exact: true });
    await expect.poll(() => table.getByRole('row', { name: /e2e-ct/ }).count(), { timeout: 10_000 }).toBe(0);
  }, 90_000);

  it('round-trips config vars and attaches and detaches a database and a NIC', async () => {
    const { page } = app;
    await selectRow(page, 'Containers', 'worker-1');
    const pane = details(page, 'worker-1');
    await openTab(pane, 'Config vars');
    await pane.getByRole('button', { name: 'Raw', exact: true }).click();
    const raw = pane.getByLabel('Config vars as KEY=value lines');
    const before = await raw.inputValue();
    await raw.fill(`${before}\nE2E_FLAG=on`);
    await pane.getByRole('button', { name: 'Save config vars' }).click();
    await expect.poll(() => pane.getByRole('status').filter({ hasText: 'applied' }).count()).toBe(1);
    await pane.getByRole('button', { name: 'Table', exact: true }).click();
    await expect.poll(async () => pane.getByLabel('Value of E2E_FLAG').inputValue()).toBe('on');
    await shots('config-vars');

    await openTab(pane, 'Attachments');
    await pane.getByLabel('Database to attach').click();
    await page.locator('.n-base-select-option', { hasText: 'pg-analytics' }).click();
    await pane.getByLabel('Config var for the URL').fill('ANALYTICS_URL');
    await pane.getByRole('button', { name: 'Attach' }).first().click();
    const dbs = pane.getByRole('list', { name: 'Attached databases' });
    await expect.poll(() => dbs.getByText('ANALYTICS_URL').count()).toBe(1);
    await pane.getByLabel('NIC to attach').click();
    await page.locator('.n-base-select-option', { hasText: 'nic-5' }).click();
    await pane.getByRole('button', { name: 'Attach' }).nth(2).click();
    const nics = pane.getByRole('list', { name: 'Attached NICs' });
    await expect.poll(() => nics.getByText('nic-5').count(), { timeout: 10_000 }).toBe(1);
    await shots('attachments');
    await dbs
      .getByRole('listitem')
      .filter({ hasText: 'ANALYTICS_URL' })
      .getByRole('button', { name: 'Detach' })
      .click();
    await page.getByRole('button', { name: /^Detach pg-analytics/ }).click();
    await expect.poll(() => dbs.getByText('ANALYTICS_URL').count()).toBe(0);
    await nics.getByRole('listitem').filter({ hasText: 'nic-5' }).getByRole('button', { name: 'Detach' }).click();
    await page.getByRole('button', { name: /^Detach nic-5/ }).click();
    await expect.poll(() => nics.getByText('nic-5').count(), { timeout: 10_000 }).toBe(0);
  }, 60_000);

  it('shows metrics as a chart and the activity feed', async () => {
    const { page } = app;
    const pane = details(page, 'worker-1');
    await openTab(pane, 'Metrics');
    await pane.getByRole('figure', { name: 'CPU chart' }).waitFor();
    expect(await pane.locator('figure svg path.line').count()).toBeGreaterThanOrEqual(4);
    await shots('metrics');
    await openTab(pane, 'Activity');
    await expect
      .poll(() => pane.getByRole('list', { name: 'Activity' }).getByRole('listitem').count())
      .toBeGreaterThan(0);
  }, 30_000);

  it('types a command in a container console and reconnects after the socket drops', async () => {
    const { page } = app;
    await selectRow(page, 'Containers', 'web-1');
    await details(page, 'web-1').getByRole('button', { name: 'Terminal' }).click();
    const label = 'Terminal of web-1';
    await expect.poll(() => terminalText(page, label), { timeout: 15_000 }).toContain('root@web-1');
    await page.getByLabel(label).first().focus();
    await page.keyboard.type('echo hello-$HOSTNAME\r');
    await expect.poll(() => terminalText(page, label)).toContain('hello-web-1');
    // Output crosses the agent as raw UTF-8 bytes; xterm decodes it.
    await page.keyboard.type('echo grüße ✓ 😀\r');
    await expect.poll(() => terminalText(page, label)).toMatch(/^grüße ✓ 😀$/m);
    // Ctrl-C stops a flood promptly: flow control keeps only a few MB in flight to wait behind.
    await page.keyboard.type('flood 2G\r');
    await expect.poll(() => terminalText(page, label)).toContain('0123456789abcdef');
    await page.keyboard.press('Control+C');
    await expect.poll(() => terminalText(page, label), { timeout: 5_000 }).toMatch(/\[flood\] \d+ bytes\s+root@web-1/);
    expect(Number(/\[flood\] (\d+) bytes/.exec(await terminalText(page, label))![1])).toBeLessThan(2e9);
    await page.keyboard.type('clear\r');
    await page.keyboard.type('uname -a\r');
    await page.keyboard.type('ls -la /\r');
    await expect.poll(() => terminalText(page, label)).toContain('Linux');
    await shots('console');

    const base = sandboxBase(app.dataDir);
    const res = await loopbackFetch(new URL('/_sandbox/faults', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ drop_websockets: true }),
    });
    expect(res.status).toBeLessThan(300);
    await page
      .getByRole('status')
      .filter({ hasText: /reconnecting|Connected to web-1/ })
      .first()
      .waitFor({ timeout: 10_000 });
    await page.getByRole('status').filter({ hasText: 'Connected to web-1' }).waitFor({ timeout: 20_000 });
    await page.getByLabel(label).first().focus();
    await page.keyboard.type('echo again-ok\r');
    await expect.poll(() => terminalText(page, label), { timeout: 10_000 }).toContain('again-ok');
  }, 60_000);

  it('saves the complete log of a container, in order', async () => {
    const { page } = app;
    await selectRow(page, 'Containers', 'web-1');
    const pane = details(page, 'web-1');
    await openTab(pane, 'Logs');
    await expect.poll(() => pane.getByRole('log').locator('.ln').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await shots('logs');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zd-logs-'));
    await pane.getByRole('button', { name: 'Save complete log…' }).click();
    await page.getByLabel('Folder to save the log in').fill(dir);
    await page.getByRole('form', { name: 'Save complete log' }).getByRole('button', { name: 'Save' }).click();
    await pane.getByRole('status').filter({ hasText: 'Saved to' }).waitFor({ timeout: 30_000 });
    const file = readdirSync(dir).find((f) => f.endsWith('.txt'));
    expect(file && existsSync(path.join(dir, file))).toBeTruthy();
    const lines = readFileSync(path.join(dir, file!), 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(2500);
    // In order: by the sequence number where the zone's lines carry one, else by their times.
    const numbered = /^\S+ (stdout|stderr) \d+ /.test(lines[0]!);
    if (numbered) lines.forEach((l, i) => expect(Number(/^\S+ \S+ (\d+) /.exec(l)?.[1])).toBe(i + 1));
    else {
      const times = lines.map((l) => Date.parse(l.split(' ')[0]!));
      expect(times.every((t, i) => !Number.isNaN(t) && (i === 0 || t >= times[i - 1]!))).toBe(true);
    }
  }, 60_000);

  it('runs a microVM through stop, start, reboot, suspend and resume, and opens its serial console', async () => {
    const { page } = app;
    await openSection(page, 'MicroVMs');
    await selectRow(page, 'MicroVMs', 'vm-build');
    const pane = details(page, 'vm-build');
    await shots('microvms');
    await pane.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expectState(page, 'vm-build', 'suspended');
    await pane.getByRole('button', { name: 'Resume', exact: true }).click();
    await expectState(page, 'vm-build', 'running');
    await pane.getByRole('button', { name: 'Reboot', exact: true }).click();
    await page.getByRole('button', { name: 'Reboot vm-build' }).click();
    await expectState(page, 'vm-build', 'running');
    await pane.getByRole('button', { name: 'Stop', exact: true }).click();
    await answerDialog(page, 'Stop vm-build');
    await expectState(page, 'vm-build', 'stopped');
    await pane.getByRole('button', { name: 'Start', exact: true }).click();
    await expectState(page, 'vm-build', 'running');
    await pane.getByRole('button', { name: 'Serial console' }).click();
    await expect.poll(() => terminalText(page, 'Serial console of vm-build'), { timeout: 15_000 }).toContain('ttyS0');
    await shots('serial-console');
  }, 90_000);
});
