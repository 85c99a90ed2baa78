/**
 * Credentials and the palette's workspace actions, end to end in Chromium: the CMS password is
 * masked until Reveal, copied to the clipboard, and once the pane closes it is in neither the
 * DOM, nor web storage, nor the agent's log file. The palette finds a workspace in the zones,
 * opens it, and copies its admin password without showing it.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { openWorkspaceTab, shootWorkspace } from './support/workspaces';
import {
  agentLogText,
  cmsPassword,
  pageHolds,
  readClipboard,
  workspaceId,
  writeClipboard,
  type Zone,
} from './support/workspace-secrets';

const chrome = chromiumOrSkip();

async function palette(page: Page, query: string, option: RegExp): Promise<void> {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await dialog.getByRole('combobox').fill(query);
  await dialog.getByRole('option', { name: option }).first().waitFor();
  await page.keyboard.press('Enter');
}

describe.runIf(chrome)('workspaces: credentials and the palette', () => {
  let app: AppUnderTest;
  let zone: Zone;
  let password: string;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await app.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app.url).origin });
    await startSandboxSignedIn(app.page);
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    zone = { base, token: await sandboxToken(base) };
    password = await cmsPassword(zone, 'company-site');
    await openSection(app.page, 'Workspaces', 'Workspaces');
  });
  afterAll(async () => app?.close());

  it('reveals and copies the CMS password, and leaves it nowhere once the pane closes', async () => {
    const { page } = app;
    const pane = await openWorkspaceTab(page, 'company-site', 'Credentials');
    const card = pane.getByRole('region', { name: 'CMS credentials' });
    await card.getByLabel('Admin password, hidden').waitFor();
    expect(await pageHolds(page, password)).toEqual([]);
    await shootWorkspace(page, 'credentials-masked');

    await pane.getByRole('button', { name: 'Reveal' }).click();
    await card.getByText(password, { exact: true }).waitFor();
    await expect.poll(() => card.getByRole('link').first().getAttribute('href')).toMatch(/^https:\/\//);
    expect(await card.getByRole('link').first().getAttribute('target')).toBe('_blank');
    await shootWorkspace(page, 'credentials-revealed');

    await writeClipboard(page, 'nothing yet');
    await card.getByRole('button', { name: 'Copy admin password' }).click();
    await expect.poll(() => readClipboard(page)).toBe(password);

    // Hide, and the value leaves the page; reveal again, then close the pane altogether.
    await pane.getByRole('button', { name: 'Hide' }).click();
    expect(await pageHolds(page, password)).toEqual([]);
    await pane.getByRole('button', { name: 'Reveal' }).click();
    await card.getByText(password, { exact: true }).waitFor();
    await pane.getByRole('button', { name: 'Close details' }).click();
    await pane.waitFor({ state: 'hidden' });
    expect(await pageHolds(page, password)).toEqual([]);
    const log = agentLogText(app.dataDir);
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(password);
  });

  it('finds a workspace in the palette, opens it, and copies its admin password unseen', async () => {
    const { page } = app;
    await openSection(page, 'Compute', 'Containers');
    await palette(page, 'company-site', /company-site · eu-1.*Workspace · open/);
    const pane = page.getByRole('complementary', { name: 'Details of company-site' });
    await pane.waitFor();

    await writeClipboard(page, 'nothing yet');
    await palette(page, 'copy admin password', /Copy admin password.*company-site/);
    const dialog = page.getByRole('dialog', { name: 'Command palette' });
    await dialog.getByText('Admin password of company-site copied to the clipboard').waitFor();
    await expect.poll(() => readClipboard(page)).toBe(password);
    expect(await pageHolds(page, password)).toEqual([]);
    await shootWorkspace(page, 'palette-copied');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(agentLogText(app.dataDir)).not.toContain(password);

    // Open live URL: opened in a new window (the system browser in Electron) and shown as a link.
    const id = await workspaceId(zone, 'company-site');
    const cicd = await sandboxCall(zone.base, zone.token, 'GET', `/api/v1/workspaces/${id}/cicd`);
    const opened = app.context.waitForEvent('page');
    await palette(page, 'open live url', /Open live URL.*company-site/);
    await dialog.getByText('Live URL of company-site opened').waitFor();
    expect(await dialog.getByRole('link').getAttribute('href')).toBe(cicd.live_url);
    await (await opened).close();
    await page.keyboard.press('Escape');
  });
});
