import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import { answerDialog } from './support/dialogs';

const chrome = chromiumOrSkip();

describe.runIf(chrome)('zones in Chromium through the browser host', () => {
  let app: AppUnderTest;
  beforeAll(async () => {
    app = await openApp(chrome!, 'dark');
  });
  afterAll(async () => app?.close());

  it('adds a zone from the first-run screen, refusing a bad address first', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Add a zone' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a zone' });
    await dialog.getByLabel('Name').fill('staging');
    await dialog.getByLabel('Base URL').fill('ftp://nowhere');
    await dialog.getByRole('button', { name: 'Add zone' }).click();
    await expect.poll(() => dialog.getByText(/https/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('navigation', { name: 'Zones' }).count()).toBe(0); // still first run: nothing added

    await dialog.getByLabel('Base URL').fill('https://staging.example.com');
    await dialog.getByRole('button', { name: 'Add zone' }).click();
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await rail.getByRole('button', { name: 'staging' }).waitFor();
    await page.getByLabel('Email').waitFor(); // a new zone asks for sign-in
  });

  it('warns before saving that a new address signs the zone out and forgets its saved sign-in', async () => {
    const { page } = app;
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await rail.getByRole('button', { name: 'staging' }).click({ button: 'right' });
    await page.getByText('Edit address and certificate…').click();
    const dialog = page.getByRole('dialog', { name: 'Edit zone staging' });
    await dialog.waitFor();
    const warning = dialog.getByText('Changing the address signs this zone out and forgets its saved sign-in', {
      exact: false,
    });
    expect(await warning.count()).toBe(0); // same address: nothing to warn about
    await dialog.getByLabel('Base URL').fill('https://staging.example.com/v2');
    expect(await warning.count()).toBe(0); // same origin, another path
    await dialog.getByLabel('Base URL').fill('https://staging.example.org');
    await warning.waitFor();
    await dialog.getByRole('button', { name: 'Save and sign out' }).waitFor();
    await dialog.getByLabel('Base URL').fill('https://staging.example.com');
    await expect.poll(() => warning.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('removes a zone only after a confirmation that names it', async () => {
    const { page } = app;
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await rail.getByRole('button', { name: 'staging' }).click({ button: 'right' });
    await page.getByText('Remove staging…').click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'Remove zone “staging”?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await rail.getByRole('button', { name: 'staging' }).count()).toBe(1);

    await rail.getByRole('button', { name: 'staging' }).click({ button: 'right' });
    await page.getByText('Remove staging…').click();
    await answerDialog(page, 'Remove staging');
    await page.getByRole('button', { name: 'Try the local sandbox' }).waitFor(); // back to first run
  });

  it('offers the local sandbox from the rail as well', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Try the local sandbox' }).click();
    const rail = page.getByRole('navigation', { name: 'Zones' });
    await rail.getByRole('button', { name: 'eu-1' }).waitFor();
    await rail.getByRole('button', { name: 'Add a zone' }).click();
    await page.getByText('Try the local sandbox').click(); // already running: the same zones, none added twice
    await expect.poll(() => rail.getByRole('button', { name: 'eu-1' }).count()).toBe(1);
    await page.screenshot({ path: 'test-results/screenshots/signin-dark.png' });
  });
});
