/**
 * API clients: create -> "save to keychain and use for this zone" (machine sign-in) -> revoke
 * tokens -> the zone is signed out, on the same screen. The secret never reaches the page in
 * that flow (scanned); a separate test reveals it on purpose and signs in with it by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { signInWithMailboxCode } from './support/flows';
import {
  codeAfter,
  mailCount,
  openSection,
  recordFrames,
  scanForSecrets,
  selectZone,
  shoot,
  startSandbox,
  zoneState,
} from './support/identity-kit';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('identity: API clients and machine sign-in', () => {
  let app: AppUnderTest;
  let frames: string[];
  beforeAll(async () => {
    app = await openApp(chrome!);
    frames = await recordFrames(app);
    await startSandbox(app.page);
  });
  afterAll(async () => app?.close());

  async function create(name: string) {
    const { page } = app;
    await page.getByRole('button', { name: 'New API client' }).first().click();
    await page.getByLabel('Client name').fill(name);
    for (const s of ['api_clients:read', 'api_clients:write', 'containers:read'])
      await page.getByRole('checkbox', { name: s }).click();
    await shoot(page, 'api-client-form');
    await page.getByRole('button', { name: 'Create client' }).click();
    await page.getByText('Shown only now').waitFor();
  }

  it('creates a client, connects the zone with it, and revoking its tokens signs the zone out', async () => {
    const { page } = app;
    await signInWithMailboxCode(page, 'dev@example.com', 'sandbox-dev');
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe('signed in as dev@example.com');
    await openSection(page, 'Identity', 'API clients');
    await page.getByText('API clients let scripts').waitFor();
    await shoot(page, 'api-clients-empty');
    await create('ci-deploy');
    expect(await page.getByLabel('Client secret, hidden').count()).toBe(1);
    // Listed at once under the panel; the empty state is gone.
    await page
      .getByRole('region', { name: 'API clients list' })
      .getByRole('row', { name: /ci-deploy/ })
      .waitFor({ timeout: 2_000 });
    expect(await page.getByText('API clients let scripts').count()).toBe(0);
    await shoot(page, 'api-client-secret');

    await page.getByRole('button', { name: 'Save to keychain and use for eu-1' }).click();
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe('signed in');
    const table = page.getByRole('region', { name: 'API clients list' });
    await table.getByRole('row', { name: /ci-deploy/ }).waitFor();
    await shoot(page, 'api-clients');

    await page.getByRole('button', { name: 'Actions for ci-deploy' }).click();
    await page.getByText('Revoke tokens…').click();
    await page.getByRole('button', { name: 'Revoke tokens of ci-deploy' }).click();
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe('signed out');
    await page.getByText(/were revoked/).waitFor();
    await shoot(page, 'signed-out');

    // Signing in again brings back the same screen.
    const before = await mailCount(page);
    await page.getByLabel('Email', { exact: true }).fill('dev@example.com');
    await page.getByLabel('Password', { exact: true }).fill('sandbox-dev');
    await page.keyboard.press('Enter');
    await page.getByLabel('Code').fill(await codeAfter(page, before));
    await page.keyboard.press('Enter');
    await table.getByRole('row', { name: /ci-deploy/ }).waitFor({ timeout: 15_000 });
  });

  it('never lets a token, refresh token, client secret or cookie value reach the page', async () => {
    expect((await scanForSecrets(app, frames)).frames).toBeGreaterThan(10);
  });

  it('reveals a secret only when asked, and signs another zone in with it from the sign-in panel', async () => {
    const { page } = app;
    await create('by-hand');
    await page.getByRole('button', { name: 'Reveal' }).click();
    const secret = (await page.getByLabel('Client secret', { exact: true }).textContent()) ?? '';
    expect(secret).toMatch(/^zds_/);
    const clientId = (await page.locator('.id code').textContent()) ?? '';
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByText(secret).count()).toBe(0); // hidden again on leaving the panel

    await selectZone(page, 'us-1');
    await page.getByRole('button', { name: 'Sign in with an API client' }).click();
    await page.getByLabel('Client id').fill(clientId);
    await page.getByLabel('Client secret').fill(secret);
    await shoot(page, 'machine-signin');
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'us-1'), { timeout: 15_000 }).toBe('signed in');
  });
});
