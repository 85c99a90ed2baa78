/**
 * A workspace's CI/CD tab, end to end in Chromium through the browser host and the sandbox: deploy
 * now grows the history and its build log opens; disable and enable (binding a deploy server when
 * none is bound); the runtime log with 1000 lines and follow.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { openSection, SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { openWorkspaceTab, shootWorkspace } from './support/workspaces';
import { workspaceId, type Zone } from './support/workspace-secrets';

const chrome = chromiumOrSkip();

function historyRows(pane: Locator, name: string): Locator {
  return pane.getByRole('table', { name: `Deployments of ${name}` }).locator('tbody tr');
}

async function lineCount(log: Locator): Promise<string> {
  return (await log.getByLabel('Line count').textContent()) ?? '';
}

/** Closes the open workspace's details, if any (each test opens its own). */
async function closeDetails(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Close details' });
  if (await close.isVisible()) await close.click();
}

/** The runtime log card: its options form and its log viewer. */
function runtime(page: Page): { form: Locator; card: Locator } {
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Runtime log' }) });
  return { form: card.getByRole('form', { name: 'Runtime log options' }), card };
}

describe.runIf(chrome)('workspaces: CI/CD', () => {
  let app: AppUnderTest;
  let zone: Zone;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    zone = { base, token: await sandboxToken(base) };
    await openSection(app.page, 'Workspaces', 'Workspaces');
  });
  afterAll(async () => app?.close());

  it('deploys now: the status refreshes, the history grows and its build log opens', async () => {
    const { page } = app;
    const pane = await openWorkspaceTab(page, 'shop', 'CI/CD');
    const facts = pane.getByRole('definition').filter({ hasText: /Running|Not running/ });
    await expect.poll(() => facts.first().textContent()).toContain('Running');
    await expect.poll(() => historyRows(pane, 'shop').count()).toBeGreaterThan(0);
    const before = await historyRows(pane, 'shop').count();
    await shootWorkspace(page, 'cicd');

    await pane.getByRole('button', { name: 'Deploy now' }).click();
    // A store deploys both apps: two new rows, newest first, triggered by hand.
    await expect.poll(() => historyRows(pane, 'shop').count()).toBe(before + 2);
    expect(await historyRows(pane, 'shop').first().textContent()).toContain('manual');

    await pane
      .getByRole('button', { name: /^Build log of storefront/ })
      .first()
      .click();
    const log = pane.getByRole('log', { name: /^Build log of storefront at / });
    await expect.poll(() => log.textContent()).toContain('manual deploy of');
    await shootWorkspace(page, 'cicd-build-log');
    await pane.getByRole('button', { name: 'Latest build log' }).click();
    await expect
      .poll(() => pane.getByRole('log', { name: 'Latest build log' }).textContent())
      .toContain('Health check');
  });

  it('disables (after asking, the app stays) and enables again', async () => {
    const { page } = app;
    const pane = await openWorkspaceTab(page, 'shop', 'CI/CD');
    await pane.getByRole('button', { name: 'Disable', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Disable CI/CD of' });
    await dialog.getByText('The deployed app stays up').waitFor();
    await dialog.getByRole('button', { name: 'Disable shop' }).click();
    await pane.getByRole('button', { name: 'Enable', exact: true }).waitFor();
    const id = await workspaceId(zone, 'shop');
    const off = await sandboxCall(zone.base, zone.token, 'GET', `/api/v1/workspaces/${id}/cicd`);
    expect(off).toMatchObject({ enabled: false, app_status: expect.stringMatching(/^running/) });

    await pane.getByRole('button', { name: 'Enable', exact: true }).click();
    await pane.getByRole('button', { name: 'Deploy now' }).waitFor();
    const on = await sandboxCall(zone.base, zone.token, 'GET', `/api/v1/workspaces/${id}/cicd`);
    expect(on).toMatchObject({ enabled: true, deploy_server_id: 'ds-main' });
  });

  it('enables a workspace with no deploy server by choosing one; an unknown one is refused in words', async () => {
    const { page } = app;
    await sandboxCall(zone.base, zone.token, 'POST', '/api/v1/workspaces', {
      name: 'plain-blog',
      repo_full_name: 'acme/blog',
      template: 'cms',
    });
    const row = page.getByRole('table', { name: 'Workspaces' }).getByRole('row', { name: /plain-blog/ });
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('Ready');
    await closeDetails(page);
    const pane = await openWorkspaceTab(page, 'plain-blog', 'CI/CD');
    await pane.getByRole('button', { name: 'Enable', exact: true }).click();
    const form = pane.getByRole('form', { name: 'Enable CI/CD of plain-blog' });
    const field = form.getByLabel('Deploy server id');
    await field.fill('ds-nowhere');
    await form.getByRole('button', { name: 'Enable CI/CD' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('does not know that deploy server');
    await shootWorkspace(page, 'cicd-enable');

    await form.getByRole('button', { name: 'ds-main' }).click(); // one of the servers the zone's workspaces use
    await form.getByRole('button', { name: 'Enable CI/CD' }).click();
    await form.waitFor({ state: 'hidden' });
    await pane.getByRole('button', { name: 'Deploy now' }).waitFor();
    await expect.poll(() => historyRows(pane, 'plain-blog').count()).toBeGreaterThan(0);
  });

  it('shows the runtime log with 1000 lines, checks the field, and follows without repeating lines', async () => {
    const { page } = app;
    await closeDetails(page);
    const pane = await openWorkspaceTab(page, 'shop', 'CI/CD');
    const { form, card } = runtime(page);
    const log = card;
    await expect.poll(() => lineCount(log)).toContain('200 lines');

    const lines = form.getByLabel('Lines');
    await lines.fill('1001');
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('between 1 and 1000');
    expect(await form.getByRole('button', { name: 'Show' }).isDisabled()).toBe(true);
    await lines.fill('1000');
    await form.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => lineCount(log)).toContain('1,000 lines');
    expect(await card.getByRole('log', { name: 'Runtime log of shop (storefront)' }).textContent()).toContain(
      'storefront[',
    );

    await form.getByRole('radio', { name: 'Backend' }).check({ force: true });
    await expect
      .poll(() => card.getByRole('log', { name: 'Runtime log of shop (backend)' }).textContent())
      .toContain('backend[');
    await card.getByRole('switch', { name: 'Follow the runtime log' }).click();
    await page.waitForTimeout(7_000);
    expect(await lineCount(log)).toContain('1,000 lines');
    await pane.getByRole('heading', { name: 'Runtime log' }).scrollIntoViewIfNeeded();
    await shootWorkspace(page, 'cicd-runtime-log');
    await card.getByRole('switch', { name: 'Follow the runtime log' }).click();
  });
});
