/**
 * An API client's later life: the list shows it the moment it is created, rotating its secret
 * cuts the old secret off for machine sign-in while the new one works, and deleting it asks for
 * the name to be typed and signs out the zone connected with it. Secrets are revealed on purpose
 * here (the person asks), so this file does not run the no-secrets scan.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import { openSection, selectZone, shoot, startSandbox, zoneState } from './support/identity-kit';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();

/** Reveals the secret in the shown-once panel, reads it, and closes the panel. */
async function revealAndClose(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Reveal' }).click();
  const secret = (await page.getByLabel('Client secret', { exact: true }).textContent()) ?? '';
  expect(secret).toMatch(/^zds_/);
  await page.getByRole('button', { name: 'Done' }).click();
  return secret;
}

async function machineSignIn(page: Page, zone: string, clientId: string, secret: string): Promise<void> {
  await selectZone(page, zone);
  await page.getByRole('button', { name: 'Sign in with an API client' }).click();
  await page.getByLabel('Client id').fill(clientId);
  await page.getByLabel('Client secret').fill(secret);
  await page.keyboard.press('Enter');
}

describe.runIf(chrome)('identity: API client rotate and delete', () => {
  let app: AppUnderTest;
  let clientId = '';
  let oldSecret = '';
  beforeAll(async () => {
    app = await openApp(chrome!);
    await startSandbox(app.page);
  });
  afterAll(async () => app?.close());

  it('lists a new client at once, under its shown-once secret, with no empty state', async () => {
    const { page } = app;
    await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe('signed in as dev@example.com');
    await openSection(page, 'Identity', 'API clients');
    await page.getByText('API clients let scripts').waitFor();
    await page.getByRole('button', { name: 'New API client' }).first().click();
    await page.getByLabel('Client name').fill('nightly');
    await page.getByLabel('Client description').fill('Nightly backup job');
    await page.getByRole('checkbox', { name: 'containers:read' }).click();
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.getByText('Shown only now').waitFor();
    const table = page.getByRole('region', { name: 'API clients list' });
    await table.getByRole('row', { name: /nightly/ }).waitFor({ timeout: 2_000 });
    expect(await page.getByText('API clients let scripts').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'API clients 1' }).count()).toBe(1);
    clientId = ((await page.locator('.id code').textContent()) ?? '').trim();
    oldSecret = await revealAndClose(page);
  });

  it('rotates the secret: the old one no longer signs a zone in, the new one does', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Actions for nightly' }).click();
    await page.getByText('Rotate secret…').click();
    await answerDialog(page, 'Rotate nightly');
    await page.getByText('Shown only now').waitFor();
    await shoot(page, 'api-client-rotated');
    const newSecret = await revealAndClose(page);
    expect(newSecret).not.toBe(oldSecret);

    await machineSignIn(page, 'us-1', clientId, oldSecret);
    await page.getByRole('alert').filter({ hasText: 'were not accepted' }).waitFor();
    await shoot(page, 'machine-signin-rejected');
    expect(await zoneState(page, 'us-1')).toBe('signed out');
    await page.getByLabel('Client secret').fill(newSecret);
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'us-1'), { timeout: 15_000 }).toBe('signed in');
  });

  it('deletes the client only once its name is typed, and signs out the zone connected with it', async () => {
    const { page } = app;
    await selectZone(page, 'eu-1');
    await openSection(page, 'Identity', 'API clients');
    const table = page.getByRole('region', { name: 'API clients list' });
    await table.getByRole('row', { name: /nightly/ }).waitFor();
    await page.getByRole('button', { name: 'Actions for nightly' }).click();
    await page.getByText('Delete…').click();
    const go = page.getByRole('button', { name: 'Delete nightly' });
    await page.getByText('Delete API client “nightly” in eu-1?').waitFor();
    expect(await go.isDisabled()).toBe(true);
    await page.getByLabel('Type nightly to confirm').fill('nightl');
    expect(await go.isDisabled()).toBe(true);
    await page.getByLabel('Type nightly to confirm').fill('nightly');
    await shoot(page, 'api-client-delete');
    await page.keyboard.press('Enter');
    await page.getByText('API clients let scripts').waitFor();
    expect(await table.count()).toBe(0);
    await expect.poll(() => zoneState(page, 'us-1')).toBe('signed out');
    expect(await zoneState(page, 'eu-1')).toBe('signed in as dev@example.com');
  });
});
