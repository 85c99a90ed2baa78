/** The tour's first half: first run, adding a zone, sign-in with its waits, account, security, API clients. */
import {
  codeAfter,
  mailCount,
  openSection,
  sandboxNow,
  selectZone,
  startSandbox,
  totp,
  wrongCodesUntilLocked,
  zoneState,
} from '../e2e/support/identity-kit';
import type { Tour } from './tour-kit';

async function until(check: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function password(t: Tour, email = 'dev@example.com', pass = 'sandbox-dev'): Promise<number> {
  const before = await mailCount(t.page);
  await t.page.getByLabel('Email', { exact: true }).fill(email);
  await t.page.getByLabel('Password', { exact: true }).fill(pass);
  await t.page.keyboard.press('Enter');
  await t.page.getByLabel('Code').waitFor();
  return before;
}

async function firstRunAndSignIn(t: Tour): Promise<void> {
  const { page } = t;
  await page.getByRole('button', { name: 'Try the local sandbox' }).waitFor();
  await t.shot('first-run');

  await page.getByRole('button', { name: 'Add a zone' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a zone' });
  await dialog.getByLabel('Name').fill('staging');
  await dialog.getByLabel('Base URL').fill('ftp://nowhere');
  await dialog.getByRole('button', { name: 'Add zone' }).click();
  await dialog.getByText(/https/).first().waitFor();
  await t.shot('add-zone');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  await startSandbox(page);
  await page.getByLabel('Email', { exact: true }).waitFor();
  await t.shot('signin-password');

  const before = await password(t);
  await page.getByRole('button', { name: /Resend code in/ }).waitFor();
  await t.shot('signin-code');
  await page.getByText('Remember this browser').click();
  await page.getByLabel('Code').fill(await codeAfter(page, before));
  await page.keyboard.press('Enter');
  await until(async () => (await zoneState(page, 'eu-1')) === 'signed in as dev@example.com', 'eu-1 signed in');
}

/**
 * Wrong codes until the zone says wait: the 429 step with its countdown. Last, and as the viewer,
 * so the lock and its five minutes touch nothing else (the sandbox clock is never moved: times
 * elsewhere stay true).
 */
async function lockout(t: Tour): Promise<void> {
  const { page } = t;
  await selectZone(page, 'eu-1');
  await page.getByRole('button', { name: 'Zone actions' }).click();
  await page.getByText('Sign out of eu-1').click();
  await until(async () => (await zoneState(page, 'eu-1')) === 'signed out', 'eu-1 signed out');
  await password(t, 'viewer@example.com', 'sandbox-viewer');
  await wrongCodesUntilLocked(page);
  await page.getByRole('button', { name: /Try again in \d+:\d\d/ }).waitFor();
  await t.shot('signin-429');
}

async function keychainBanner(t: Tour): Promise<void> {
  const banner = t.page.locator('.n-alert').filter({ hasText: 'Secrets are kept in memory only' });
  if (!(await banner.count())) return; // a working keychain: no banner to show
  await openSection(t.page, 'Identity', 'Account');
  await t.page.getByText('Mail language').waitFor();
  await t.shot('keychain-banner');
  await banner.locator('.n-base-close').click();
  await banner.waitFor({ state: 'hidden' });
}

async function security(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Identity', 'Account');
  await page.getByText('Mail language').waitFor();
  await t.shot('account');
  await openSection(page, 'Identity', 'Security');
  await page.getByRole('listitem', { name: /\(this browser\)/ }).waitFor();
  await t.shot('security');

  await page.getByRole('button', { name: 'Set up authenticator' }).click();
  const secret = ((await page.getByLabel('Authenticator secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg').waitFor();
  await t.shot('totp-enrol');
  await page.getByLabel('Authenticator code').fill(totp(secret, await sandboxNow(t.app)));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('Shown only now').waitFor();
  await t.shot('recovery-codes');
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByText('Sign-ins ask for a code from your app.').waitFor();
  await t.shot('security-totp-on');
}

async function apiClients(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Identity', 'API clients');
  await page.getByText('API clients let scripts').waitFor();
  await t.shot('api-clients-empty');

  await page.getByRole('button', { name: 'New API client' }).first().click();
  await page.getByLabel('Client name').fill('ci-deploy');
  for (const s of ['api_clients:read', 'containers:read', 'containers:write'])
    await page.getByRole('checkbox', { name: s }).click();
  await t.shot('api-client-create');
  await page.getByRole('button', { name: 'Create client' }).click();
  await page.getByText('Shown only now').waitFor();
  await t.shot('api-client-secret');
  await page.getByRole('button', { name: 'Reveal' }).click();
  const secret = (await page.getByLabel('Client secret', { exact: true }).textContent()) ?? '';
  const clientId = (await page.locator('.id code').textContent()) ?? '';
  await page.getByRole('button', { name: 'Done' }).click();
  await page
    .getByRole('region', { name: 'API clients list' })
    .getByRole('row', { name: /ci-deploy/ })
    .waitFor();
  await t.shot('api-clients');

  await selectZone(page, 'us-1');
  await page.getByRole('button', { name: 'Sign in with an API client' }).click();
  await page.getByLabel('Client id').fill(clientId);
  await page.getByLabel('Client secret').fill(secret);
  await t.shot('machine-signin');
  await page.keyboard.press('Enter');
  await until(async () => (await zoneState(page, 'us-1')) === 'signed in', 'us-1 signed in with the client');
  await selectZone(page, 'eu-1');
}

/** Up to signed in on eu-1 with the emailed code. */
export async function signInTour(t: Tour): Promise<void> {
  await firstRunAndSignIn(t);
  await keychainBanner(t);
}

/** Last, since enrolling an authenticator changes how the account signs in from then on. */
export async function accountTour(t: Tour): Promise<void> {
  await security(t);
  await apiClients(t);
  await lockout(t);
}
