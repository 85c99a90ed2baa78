/**
 * A protected zone end to end in Chromium against the sandbox: mark eu-1 protected from the zone
 * menu; a stop (which had its own confirmation) and a start (which had none) are refused until
 * the zone's name is typed — cancelling sends nothing, as the zone itself shows — and then go
 * through with one dialog each; every confirmation shows the zone's chip; the window title names
 * the zone; removing the protection asks for the name too.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { SHOTS, startSandboxSignedIn } from './support/infra-flows';
import { sandboxBaseUrl, sandboxCall, sandboxToken } from './support/infra-sandbox';
import { details, expectState, openSection, selectRow, terminalText } from './support/compute-steps';
import type { Page } from 'playwright-core';

const chrome = chromiumOrSkip();

async function shots(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${SHOTS}/zones-${name}-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(900);
  await page.screenshot({ path: `${SHOTS}/zones-${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function zoneMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Zone actions' }).click();
  await page
    .getByRole('menuitem', { name: item })
    .or(page.getByText(item, { exact: true }))
    .first()
    .click();
}

describe.runIf(chrome)('a protected zone', () => {
  let app: AppUnderTest;
  let state: () => Promise<string>;
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await openApp(chrome!);
    await startSandboxSignedIn(app.page);
    const base = sandboxBaseUrl(app.dataDir, 'eu-1');
    const token = await sandboxToken(base);
    state = async () => {
      const items = (await sandboxCall(base, token, 'GET', '/api/v1/containers')).items as Record<string, unknown>[];
      const c = items.find((x) => x.name === 'worker-1')!;
      return String(c.status ?? c.state);
    };
  }, 60_000);
  afterAll(async () => app?.close());

  it('is marked from the zone menu and shown in the rail, the header and the window title', async () => {
    const { page } = app;
    await openSection(page, 'Containers');
    await expect.poll(() => page.title()).toBe('eu-1 — Compute — Zonedeck');
    await zoneMenu(page, 'Mark as protected…');
    const ask = page.getByRole('dialog').filter({ hasText: 'Protect eu-1?' });
    await ask.locator('[data-zone-chip="eu-1"]').waitFor();
    await ask.getByRole('button', { name: 'Protect eu-1' }).click();
    const rail = page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'eu-1', exact: true });
    await expect.poll(() => rail.getAttribute('aria-description')).toMatch(/^protected, /);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('protected').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(600);
      await page.screenshot({
        path: `${SHOTS}/zones-protected-rail-${scheme}.png`,
        clip: { x: 0, y: 0, width: 520, height: 140 },
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await openSection(page, 'MicroVMs');
    await expect.poll(() => page.title()).toBe('eu-1 — Compute — Zonedeck');
  }, 60_000);

  it('refuses a change until the zone’s name is typed, in one dialog that shows the zone', async () => {
    const { page } = app;
    await openSection(page, 'Containers');
    await selectRow(page, 'Containers', 'worker-1');
    const pane = details(page, 'worker-1');
    await expectState(page, 'worker-1', 'running');

    // Stop has its own confirmation: it now asks for the zone's name, in place of nothing.
    await pane.getByRole('button', { name: 'Stop', exact: true }).click();
    const stop = page.getByRole('dialog').filter({ hasText: 'Stop container “worker-1” in eu-1?' });
    await stop.locator('[data-zone-chip="eu-1"]').waitFor();
    const go = stop.getByRole('button', { name: 'Stop worker-1' });
    expect(await go.isDisabled()).toBe(true);
    await stop.getByLabel('Type eu-1 to confirm').fill('eu-');
    expect(await go.isDisabled()).toBe(true);
    await shots(page, 'protected-confirm');
    await stop.getByRole('button', { name: 'Cancel' }).click();
    await stop.waitFor({ state: 'detached' });
    await page.waitForTimeout(1000);
    expect(await state()).toBe('running');

    await pane.getByRole('button', { name: 'Stop', exact: true }).click();
    await stop.getByLabel('Type eu-1 to confirm').fill('eu-1');
    await go.click();
    await expectState(page, 'worker-1', 'stopped');
    expect(await state()).toBe('stopped');
    expect(await page.getByRole('dialog').count()).toBe(0); // typed once, not asked again

    // Start had no confirmation: the guard asks before it is sent.
    await pane.getByRole('button', { name: 'Start', exact: true }).click();
    const send = page.getByRole('dialog').filter({ hasText: 'Send “Start” to eu-1?' });
    await send.locator('[data-zone-chip="eu-1"]').waitFor();
    await shots(page, 'protected-guard');
    await page.keyboard.press('Escape');
    await send.waitFor({ state: 'detached' });
    await page.waitForTimeout(1000);
    expect(await state()).toBe('stopped');
    expect(
      await page
        .getByRole('alert')
        .filter({ hasText: /cancelled|Nothing was sent/ })
        .count(),
    ).toBe(0);

    await pane.getByRole('button', { name: 'Start', exact: true }).click();
    await send.getByLabel('Type eu-1 to confirm').fill('eu-1');
    await page.keyboard.press('Enter');
    await expectState(page, 'worker-1', 'running');
    expect(await state()).toBe('running');
  }, 90_000);

  it('asks for the zone’s name before a console opens there: a shell changes the machine', async () => {
    const { page } = app;
    const pane = details(page, 'worker-1');
    await pane.getByRole('button', { name: 'Terminal' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'Open a console in eu-1?' });
    await ask.locator('[data-zone-chip="eu-1"]').waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('region', { name: 'Consoles' }).getByText('Nothing was sent').waitFor();
    await page
      .getByRole('region', { name: 'Consoles' })
      .getByRole('button', { name: /Reconnect/ })
      .click();
    await ask.getByLabel('Type eu-1 to confirm').fill('eu-1');
    await ask.getByRole('button', { name: 'Open the console' }).click();
    await expect.poll(() => terminalText(page, 'Terminal of worker-1'), { timeout: 20_000 }).toContain('root@worker-1');
  }, 60_000);

  it('removes the protection only with the zone’s name typed; changes then go straight through', async () => {
    const { page } = app;
    await zoneMenu(page, 'Remove protection…');
    const ask = page.getByRole('dialog').filter({ hasText: 'Remove the protection of eu-1?' });
    await ask.locator('[data-zone-chip="eu-1"]').waitFor();
    await ask.getByLabel('Type eu-1 to confirm').fill('eu-1');
    await ask.getByRole('button', { name: 'Remove protection' }).click();
    const rail = page.getByRole('navigation', { name: 'Zones' }).getByRole('button', { name: 'eu-1', exact: true });
    await expect.poll(() => rail.getAttribute('aria-description')).not.toMatch(/protected/);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('protected').count()).toBe(0);

    const pane = details(page, 'worker-1');
    await pane.getByRole('button', { name: 'Stop', exact: true }).click();
    const stop = page.getByRole('dialog').filter({ hasText: 'Stop container “worker-1” in eu-1?' });
    await stop.locator('[data-zone-chip="eu-1"]').waitFor();
    expect(await stop.getByLabel('Type eu-1 to confirm').count()).toBe(0);
    await stop.getByRole('button', { name: 'Stop worker-1' }).click();
    await expect.poll(state, { timeout: 20_000 }).toBe('stopped');
    await pane.getByRole('button', { name: 'Start', exact: true }).click();
    await expect.poll(state, { timeout: 20_000 }).toBe('running');
  }, 60_000);
});
