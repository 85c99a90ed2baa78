/**
 * The security screen as a person uses it: this browser marked, authenticator enrolment with a code
 * computed from the secret on screen, recovery codes shown once and saved, a recovery-code
 * sign-in, and "Sign out everywhere" signing both zones out. The page's frames are scanned.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import {
  codeAfter,
  mailCount,
  openSection,
  recordFrames,
  sandboxNow,
  scanForSecrets,
  selectZone,
  shoot,
  startSandbox,
  totp,
  zoneState,
} from './support/identity-kit';

const chrome = chromiumOrSkip();
const DEV = 'signed in as dev@example.com';

describe.runIf(chrome)('identity: security screen', () => {
  let app: AppUnderTest;
  let frames: string[];
  let recovery: string[] = [];
  beforeAll(async () => {
    app = await openApp(chrome!);
    frames = await recordFrames(app);
    await startSandbox(app.page);
  });
  afterAll(async () => app?.close());

  async function signIn(remember: boolean, second?: string) {
    const { page } = app;
    const before = await mailCount(page);
    await page.getByLabel('Email', { exact: true }).fill('dev@example.com');
    await page.getByLabel('Password', { exact: true }).fill('sandbox-dev');
    await page.keyboard.press('Enter');
    await page.getByLabel('Code').waitFor();
    if (remember) await page.getByText('Remember this browser').click();
    await page.getByLabel('Code').fill(second ?? (await codeAfter(page, before)));
    await page.keyboard.press('Enter');
  }

  it('marks this browser and enrols an authenticator with a code computed from the shown secret', async () => {
    const { page } = app;
    await signIn(true);
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe(DEV);
    await openSection(page, 'Identity', 'Account');
    await page.getByText('Mail language').waitFor();
    await shoot(page, 'account');
    await openSection(page, 'Identity', 'Security');
    await page.getByRole('listitem', { name: /\(this browser\)/ }).waitFor();
    await shoot(page, 'security');

    await page.getByRole('button', { name: 'Set up authenticator' }).click();
    const secret = ((await page.getByLabel('Authenticator secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg').waitFor();
    await shoot(page, 'totp-enrol');
    await page.getByLabel('Authenticator code').fill(totp(secret, await sandboxNow(app)));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Codes' });
    await codes.waitFor();
    recovery = (await codes.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recovery).toHaveLength(10);
    await page.getByText('Shown only now').waitFor();
    await shoot(page, 'recovery-codes');
    await page.getByRole('button', { name: 'Save to file' }).click();
    const downloads = path.join(app.dataDir, 'Downloads');
    // Written atomically: a temporary file (empty at first) stands beside it until the rename.
    const files = () => (existsSync(downloads) ? readdirSync(downloads).filter((f) => !f.endsWith('.tmp')) : []);
    await expect.poll(() => files().length).toBe(1);
    const saved = readFileSync(path.join(downloads, files()[0]!), 'utf8');
    for (const c of recovery) expect(saved).toContain(c);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText('Sign-ins ask for a code from your app.').count()).toBe(1);
  });

  it('signs in to the second zone without a code, then with a recovery code once this browser is removed', async () => {
    const { page } = app;
    await selectZone(page, 'us-1');
    await page.getByLabel('Email', { exact: true }).fill('dev@example.com');
    await page.getByLabel('Password', { exact: true }).fill('sandbox-dev');
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'us-1'), { timeout: 15_000 }).toBe(DEV);

    await openSection(page, 'Identity', 'Security');
    await page.getByRole('button', { name: /Remove .*\(this browser\)/ }).click();
    await page
      .getByRole('button', { name: /^Remove / })
      .last()
      .click();
    await expect.poll(() => page.getByRole('listitem', { name: /\(this browser\)/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Sign out of us-1' }).click();
    await expect.poll(() => zoneState(page, 'us-1')).toBe('signed out');
    await page.getByLabel('Email', { exact: true }).fill('dev@example.com');
    await page.getByLabel('Password', { exact: true }).fill('sandbox-dev');
    await page.keyboard.press('Enter');
    await page.getByText('Authenticator code').waitFor();
    await shoot(page, 'mfa-totp');
    await page.getByLabel('Code').fill(recovery[0]!);
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'us-1'), { timeout: 15_000 }).toBe(DEV);
    // The place is kept: back on Identity › Security after signing in again.
    await page.getByText('Remembered browsers').waitFor();
  });

  it('signs out everywhere: both zones of the account at once', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Sign out everywhere…' }).click();
    await page.getByText('In this app: ').waitFor();
    await shoot(page, 'signout-everywhere');
    await page.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
    await expect.poll(() => zoneState(page, 'us-1')).toBe('signed out');
    await expect.poll(() => zoneState(page, 'eu-1')).toBe('signed out');
    await page.getByText('You signed out everywhere').waitFor();
  });

  it('never lets a token, refresh token, client secret or cookie value reach the page', async () => {
    expect((await scanForSecrets(app, frames)).frames).toBeGreaterThan(10);
  });
});
