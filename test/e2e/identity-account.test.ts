/**
 * Account upkeep as a person does it: the mail send cap (mail_sent false) shown as a notice with
 * resend offered, changing the password and signing in with the new one, and on an account with an
 * authenticator: new recovery codes and turning it off, both behind the password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, openApp } from './support/app';
import { chromiumOrSkip } from './support/chromium';
import {
  advanceClock,
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
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'; // the seeded totp@example.com (docs/sandbox.md)

describe.runIf(chrome)('identity: account upkeep', () => {
  let app: AppUnderTest;
  let frames: string[];
  beforeAll(async () => {
    app = await openApp(chrome!);
    // The page's clock runs as usual but can jump: the resend countdown is the page's own wait.
    await app.page.clock.install();
    frames = await recordFrames(app);
    await startSandbox(app.page);
  });
  afterAll(async () => app?.close());

  async function password(email: string, pass: string): Promise<number> {
    const { page } = app;
    const before = await mailCount(page);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(pass);
    await page.keyboard.press('Enter');
    await page.getByLabel('Code').waitFor();
    return before;
  }

  /** Past the resend wait, for the zone (sandbox clock) and for the page (its countdown). */
  async function pastResendWait(): Promise<void> {
    await advanceClock(app, 31);
    await app.page.clock.fastForward(31_000);
  }

  it('shows mail_sent false as a notice with resend offered, and the newest code still signs in', async () => {
    const { page } = app;
    let before = await password('dev@example.com', 'sandbox-dev');
    const resend = page.getByRole('button', { name: /^Resend code/ });
    expect(await resend.isDisabled()).toBe(true); // the zone's 30 s wait
    // The cap is three mails per challenge, the first included: two resends mail, the third cannot.
    for (let i = 0; i < 2; i++) {
      await codeAfter(page, before);
      before = await mailCount(page);
      await pastResendWait();
      await expect.poll(() => resend.isDisabled()).toBe(false);
      await resend.click();
    }
    const newest = await codeAfter(page, before);
    before = await mailCount(page);
    await pastResendWait();
    await expect.poll(() => resend.isDisabled()).toBe(false);
    await resend.click();
    const notice = page.getByRole('status').filter({ hasText: 'could not send a new code' });
    await notice.waitFor();
    expect(await notice.getByRole('button', { name: /^Resend code in \d:\d\d$/ }).count()).toBe(1); // offered again after the wait
    await shoot(page, 'mfa-mail-not-sent');
    expect(await mailCount(page)).toBe(before); // nothing new was mailed

    await page.getByLabel('Code').fill(newest);
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe('signed in as dev@example.com');
  });

  it('changes the password, refuses a wrong current one, and signs in with the new one', async () => {
    const { page } = app;
    await openSection(page, 'Identity', 'Account');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('sandbox-dev-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your current password is not right.' }).waitFor();
    await shoot(page, 'password-wrong');
    await page.getByLabel('Current password').fill('sandbox-dev');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    expect(await zoneState(page, 'eu-1')).toBe('signed in as dev@example.com'); // this session stays

    await page.getByRole('button', { name: 'Zone actions' }).click();
    await page.getByText('Sign out of eu-1').click();
    await expect.poll(() => zoneState(page, 'eu-1')).toBe('signed out');
    await page.getByLabel('Email', { exact: true }).fill('dev@example.com');
    await page.getByLabel('Password', { exact: true }).fill('sandbox-dev');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: /not correct/ })
      .waitFor(); // the old one is gone
    const before = await password('dev@example.com', 'sandbox-dev-2');
    await page.getByLabel('Code').fill(await codeAfter(page, before));
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'eu-1'), { timeout: 15_000 }).toBe('signed in as dev@example.com');
    await page.getByText('Mail language').waitFor(); // back on Identity › Account
  });

  it('makes new recovery codes and turns the authenticator off, each behind the password', async () => {
    const { page } = app;
    await selectZone(page, 'us-1');
    await password('totp@example.com', 'sandbox-totp');
    await page.getByLabel('Code').fill(totp(TOTP_SECRET, await sandboxNow(app)));
    await page.keyboard.press('Enter');
    await expect.poll(() => zoneState(page, 'us-1'), { timeout: 15_000 }).toBe('signed in as totp@example.com');
    await openSection(page, 'Identity', 'Security');
    await page.getByText('Sign-ins ask for a code from your app.').waitFor();

    await page.getByRole('button', { name: 'New recovery codes…' }).click();
    await page.getByLabel('Your password').fill('wrong-password');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'That password is not right.' }).waitFor();
    await shoot(page, 'password-prompt-wrong');
    await page.getByLabel('Your password').fill('sandbox-totp');
    await page.keyboard.press('Enter');
    const codes = page.getByRole('list', { name: 'Codes' });
    await codes.waitFor();
    const fresh = (await codes.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain('rc-seedq-aaaaa'); // the seeded codes were replaced
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(/10 recovery codes left/).count()).toBe(1);

    await page.getByRole('button', { name: 'Turn off…' }).click();
    await page.getByLabel('Your password').fill('sandbox-totp');
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    await page.getByText('Sign-ins ask for a code sent by email.').waitFor();
    await page.getByRole('button', { name: 'Set up authenticator' }).waitFor();
    await shoot(page, 'totp-off');
  });

  it('never lets a token, refresh token, client secret or cookie value reach the page', async () => {
    expect((await scanForSecrets(app, frames)).frames).toBeGreaterThan(10);
  });
});
